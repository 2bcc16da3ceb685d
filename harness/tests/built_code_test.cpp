// Whether a recorded result is on the code built now (harness/core/built_code.h):
// the same closure, or another closure with the SASS of a passing witness on
// the build's closure.
#include <gtest/gtest.h>

#include "harness/core/built_code.h"
#include "harness/tests/synthetic_records.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using nlohmann::json;
const std::string kId = "attention/v002_fast";
const std::string kHashA(64, 'a'), kHashB(64, 'b');

json device_code(const std::string& arch, const std::string& hash) {
  return {{"arch", arch}, {"kernels", {{"scores", kHashA}, {"pv", hash}}}};
}

// An experiment entry on `closure` that ran `code`.
json entry(const std::string& closure, const json& code) {
  json e = {{"id", kId}, {"closure", {{"sha256", closure}, {"files", 3}}}};
  if (!code.is_null()) e["device_code"] = code;
  return e;
}

// A record whose one entry, on `closure`, ran `code`, its cases as given.
json witness_record(const std::string& run_id, const std::string& closure, const json& code,
                    const std::vector<std::string>& statuses) {
  std::vector<test::SyntheticCase> cases;
  for (std::size_t i = 0; i < statuses.size(); ++i)
    cases.push_back({"case" + std::to_string(i), test::samples_around(5, 0.01, 5, 1), {}, statuses[i]});
  json r = test::synthetic_record(run_id, {{kId, "", cases}});
  r["experiments"][0]["closure"] = {{"sha256", closure}, {"files", 3}};
  r["experiments"][0]["device_code"] = code;
  return r;
}

BuiltCode built_with(const std::vector<json>& records) {
  const auto runs = test::scratch_dir() / "runs";
  std::filesystem::create_directories(runs);
  for (const json& r : records) test::write_record(runs, r);
  BuiltCode code;
  code.add_closure(kId, "new");
  code.add_witnesses(RecordIndex::load(runs.string()));
  return code;
}

TEST(BuiltCode, TheSameClosureIsCurrentAndAnotherHasChanged) {
  const BuiltCode code = built_with({});
  EXPECT_EQ(code.state_of(kId, entry("new", json())).kind, CodeState::kCurrent);
  EXPECT_EQ(code.state_of(kId, entry("old", device_code("sm_90a", kHashB))).describe(), "changed since");
  EXPECT_EQ(code.state_of(kId, json{{"id", kId}}).kind, CodeState::kNoClosure);
  EXPECT_EQ(code.state_of("attention/v009_other", entry("new", json())).describe(), "not in this build");
}

TEST(BuiltCode, AnEarlierSourceCountsWhereAPassingWitnessRanTheSameSass) {
  const BuiltCode code = built_with({witness_record("20261101T000000Z-vm-2", "new", device_code("sm_90a", kHashB),
                                                    {"passed", "unsupported", "passed"})});
  const CodeState same = code.state_of(kId, entry("old", device_code("sm_90a", kHashB)));
  EXPECT_EQ(same.kind, CodeState::kSameSass);
  EXPECT_TRUE(same.counts());
  EXPECT_EQ(same.describe(), "current: same SASS as 20261101T000000Z-vm-2");
  // One kernel's code differs, or the same bytes for another architecture.
  EXPECT_EQ(code.state_of(kId, entry("old", device_code("sm_90a", std::string(64, 'c')))).kind,
            CodeState::kChangedSince);
  EXPECT_EQ(code.state_of(kId, entry("old", device_code("sm_100a", kHashB))).kind, CodeState::kChangedSince);
  // A record that does not know its device code is never carried.
  EXPECT_EQ(code.state_of(kId, entry("old", json())).kind, CodeState::kChangedSince);
  EXPECT_EQ(code.state_of(kId, entry("old", device_code("sm_90a", "unavailable: no sm_90a cubin"))).kind,
            CodeState::kChangedSince);
}

TEST(BuiltCode, AWitnessThatFailedACheckOrKnowsNoCodeOrRanAnotherSourceIsNone) {
  const json code_b = device_code("sm_90a", kHashB);
  const BuiltCode code = built_with({
      witness_record("20261101T000000Z-vm-1", "new", code_b, {"passed", "failed"}),
      witness_record("20261101T000000Z-vm-2", "new", code_b, {"unsupported"}),
      witness_record("20261101T000000Z-vm-3", "new", device_code("sm_90a", "unavailable: two codes"), {"passed"}),
      witness_record("20261101T000000Z-vm-4", "older", code_b, {"passed"}),
  });
  EXPECT_EQ(code.state_of(kId, entry("old", code_b)).kind, CodeState::kChangedSince);
}

}  // namespace
}  // namespace fuselab
