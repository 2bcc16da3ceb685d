// The environment diff rerun prints, and the comparability subset compare
// flags.
#include "harness/core/env_diff.h"

#include <gtest/gtest.h>

#include "harness/tests/synthetic_records.h"

namespace fuselab {
namespace {

using test::synthetic_record;

const EnvField& field(const std::vector<EnvField>& fields, const std::string& name) {
  for (const auto& f : fields)
    if (f.field == name) return f;
  throw std::runtime_error("no field " + name);
}

TEST(EnvDiff, IdenticalRecordsDifferNowhere) {
  const auto a = synthetic_record("20260101T000000Z-a-1", {{"rope/v001_x", "", {{"c", {1.0}}}}});
  const auto diff = environment_diff(a, a);
  ASSERT_FALSE(diff.empty());
  for (const auto& f : diff) EXPECT_TRUE(f.same()) << f.field;
  EXPECT_EQ(field(diff, "cuda_runtime").old_value, "13.0");
  EXPECT_EQ(field(diff, "driver").old_value, "580.159.04");
  EXPECT_TRUE(comparability_diff(a, a).empty());
}

TEST(EnvDiff, ShowsEveryChangedFieldAndSourceHash) {
  auto a = synthetic_record("20260101T000000Z-a-1", {{"rope/v001_x", "", {{"c", {1.0}}}}});
  test::SyntheticExperiment changed{"rope/v001_x", "", {{"c", {1.0}}}};
  changed.source_sha256 = "bbbb";
  auto b = synthetic_record("20260102T000000Z-a-2", {changed}, "575.57.08", "-O3 arch 89");
  b["git"]["commit"] = "deadbeef";
  b["git"]["dirty"] = true;
  b["environment"]["clock_end"]["sm_clock_mhz"] = 1755;
  b["environment"]["clock_end"]["throttled"] = true;
  const auto diff = environment_diff(a, b);
  for (const char* name : {"driver", "cuda_flags", "git_commit", "git_dirty", "sm_clock_end_mhz",
                           "throttled_at_end", "source_sha256 rope/v001_x"})
    EXPECT_FALSE(field(diff, name).same()) << name;
  for (const char* name : {"gpu", "cuda_runtime", "cxx_compiler", "sm_clock_start_mhz", "host"})
    EXPECT_TRUE(field(diff, name).same()) << name;
  EXPECT_EQ(field(diff, "source_sha256 rope/v001_x").new_value, "bbbb");
  EXPECT_EQ(field(diff, "git_dirty").new_value, "true");
  const std::string md = render_env_diff_md(diff);
  EXPECT_NE(md.find("| driver | 580.159.04 | 575.57.08 | changed |"), std::string::npos) << md;
  EXPECT_NE(md.find("| gpu | NVIDIA H100 80GB HBM3 | NVIDIA H100 80GB HBM3 |  |"),
            std::string::npos)
      << md;
}

TEST(EnvDiff, ComparabilityIsMachineAndBuildButNotGitOrClocks) {
  auto a = synthetic_record("20260101T000000Z-a-1", {});
  auto b = synthetic_record("20260102T000000Z-a-2", {}, "575.57.08", "-O2");
  b["git"]["commit"] = "other";
  b["environment"]["clock_start"]["sm_clock_mhz"] = 1000;
  const auto diff = comparability_diff(a, b);
  ASSERT_EQ(diff.size(), 2u);
  EXPECT_EQ(diff[0].field, "driver");
  EXPECT_EQ(diff[1].field, "cuda_flags");
  EXPECT_EQ(describe(diff), "driver 580.159.04 -> 575.57.08; cuda_flags -O3 arch 90 -> -O2");
  // A peer's build is PyTorch's: only the machine counts.
  const auto peer = comparability_diff(a, b, false);
  ASSERT_EQ(peer.size(), 1u);
  EXPECT_EQ(peer[0].field, "driver");
}

TEST(EnvDiff, MissingFieldsReadAsNone) {
  const nlohmann::json cpu = {{"environment", {{"host", "laptop"}}},
                              {"experiments", nlohmann::json::array()}};
  const auto gpu = synthetic_record("20260101T000000Z-a-1", {});
  const auto diff = environment_diff(cpu, gpu);
  EXPECT_EQ(field(diff, "gpu").old_value, "(none)");
  EXPECT_EQ(field(diff, "cuda_runtime").old_value, "(none)");
  EXPECT_FALSE(comparability_diff(cpu, gpu).empty());
}

TEST(EnvDiff, SourceOfAnExperimentOnlyInOneRecord) {
  const auto a = synthetic_record("20260101T000000Z-a-1", {{"rope/v001_x", "", {}}});
  const auto b =
      synthetic_record("20260102T000000Z-a-2", {{"rope/v001_x", "", {}}, {"rope/v002_y", "", {}}});
  const auto diff = environment_diff(a, b);
  EXPECT_EQ(field(diff, "source_sha256 rope/v002_y").old_value, "(none)");
  EXPECT_TRUE(field(diff, "source_sha256 rope/v001_x").same());
}

}  // namespace
}  // namespace fuselab
