// experiments/<family>/targets.yaml: the repository's load, and every bad
// file is refused with one message naming the file, the problem and the fix.
#include "harness/core/targets_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

TEST(TargetsFile, TheRepositorysLoad) {
  const auto all = load_all_targets(test::source_dir().string());
  ASSERT_TRUE(all.count("sinusoidal") && all.count("rope") && all.count("attention"));
  EXPECT_TRUE(all.at("attention").empty());  // no targets.yaml: no targets
  const auto& sin = all.at("sinusoidal");
  ASSERT_FALSE(sin.empty());
  EXPECT_EQ(sin.front().case_name, "b1_h4_s64_d16384");
  EXPECT_EQ(sin.front().max_us, 40.0);
  EXPECT_FALSE(sin.front().min_copy_fraction.has_value());
  EXPECT_EQ(sin.front().source, "issue 4");
  // The floors of its shape (experiments/floors.yaml): 1x4x64x16384's one-launch traffic floor.
  ASSERT_EQ(sin.front().floors.size(), 1u);
  EXPECT_EQ(sin.front().floors[0].shape, "1x4x64x16384");
  EXPECT_GT(sin.front().floors[0].us, 20.0);
  for (const auto& t : all.at("rope"))  // rope's case names differ; its shapes are the same
    if (t.case_name == "b1_h4_s64_d8192_neox") EXPECT_EQ(t.floors.size(), 2u);
}

// A root whose sinusoidal family has the repository's cases.yaml and the
// given targets.yaml; returns load_family_targets' message ("" if it loads).
std::string refusal(const std::string& targets_yaml) {
  const fs::path root = test::scratch_dir() / "targets_root";
  fs::create_directories(root / "experiments/sinusoidal");
  fs::copy_file(test::source_dir() / "experiments/sinusoidal/cases.yaml", root / "experiments/sinusoidal/cases.yaml",
                fs::copy_options::overwrite_existing);
  std::ofstream(root / "experiments/sinusoidal/targets.yaml", std::ios::trunc) << targets_yaml;
  return test::error_of([&] { load_family_targets(root.string(), "sinusoidal"); });
}

// A root with the given experiments/floors.yaml; load_floors' message ("" if it loads).
std::string floors_refusal(const std::string& floors_yaml) {
  const fs::path root = test::scratch_dir() / "floors_root";
  fs::create_directories(root / "experiments");
  std::ofstream(root / "experiments/floors.yaml", std::ios::trunc) << floors_yaml;
  return test::error_of([&] { load_floors(root.string()); });
}

struct BadFile {
  std::string yaml;
  const char* says;
};

// Each bad file refused with one message that says what, names the file
// and its line, and the fix.
void expect_refused(const std::vector<BadFile>& files, std::string (*refusal_of)(const std::string&),
                    const std::string& file_name) {
  for (const auto& f : files) {
    const std::string message = refusal_of(f.yaml);
    EXPECT_NE(message.find(f.says), std::string::npos) << f.yaml << " -> " << message;
    EXPECT_NE(message.find(file_name + ":"), std::string::npos) << message;  // the file, and its line
    EXPECT_NE(message.find("Fix: "), std::string::npos) << message;
  }
}

TEST(TargetsFile, BadFilesAreRefusedWithTheFix) {
  expect_refused({
      {"targets: [{case: b1_h4_s64_d8192, max_us: 20}", "malformed YAML"},
      {"targets: []\n", "targets must be a non-empty list"},
      {"goals: [{case: b1_h4_s64_d8192, max_us: 20}]\n", "the file must be a map with the key targets"},
      {"targets: [{case: nope, max_us: 20}]\n", "case 'nope' is not a timed case"},
      {"targets: [{case: b1_h1_s1_d64, max_us: 20}]\n", "case 'b1_h1_s1_d64' is not a timed case"},  // tests only
      {"targets: [{case: b1_h4_s64_d8192, max_ms: 20}]\n", "unknown key 'max_ms'"},
      {"targets: [{case: b1_h4_s64_d8192}]\n", "needs exactly one of max_us and min_copy_fraction"},
      {"targets: [{case: b1_h4_s64_d8192, max_us: 20, min_copy_fraction: 0.6}]\n", "needs exactly one"},
      {"targets: [{case: b1_h4_s64_d8192, min_copy_fraction: 60}]\n", "min_copy_fraction must be in (0, 1]"},
      {"targets: [{case: b1_h4_s64_d8192, max_us: soon}]\n", "max_us must be a number"},
      {"targets: [{max_us: 20}]\n", "a target without its case"},
  }, refusal, "targets.yaml");
  EXPECT_EQ(refusal("targets: [{case: b1_h4_s64_d8192, min_copy_fraction: 0.6, source: issue 4}]\n"), "");
}

TEST(FloorsFile, BadFilesAreRefusedWithTheFix) {
  const std::string ok = "{shape: 1x4x64x8192, us: 17.2, what: stream, source: probe";
  expect_refused({
      {"floors: [" + ok + "}]\nextra: 1\n", "unknown key 'extra' at the top level"},
      {"floors: []\n", "floors must be a non-empty list"},
      {"floors: [" + ok + ", ms: 3}]\n", "unknown key 'ms' in a floor"},
      {"floors: [{us: 17.2, what: stream, source: probe}]\n", "a floor without its shape"},
      {"floors: [{shape: 1x4x64x8192, what: stream, source: probe}]\n", "a floor without its time"},
      {"floors: [{shape: 1x4x64x8192, us: -1, what: stream, source: probe}]\n", "us must be > 0"},
      {"floors: [{shape: 1x4x64x8192, us: 17.2, source: probe}]\n", "a floor without its what"},
      {"floors: [{shape: 1x4x64x8192, us: 17.2, what: stream}]\n", "a floor without its source"},
  }, floors_refusal, "floors.yaml");
  EXPECT_EQ(floors_refusal("floors: [" + ok + "}]\n"), "");
}

}  // namespace
}  // namespace fuselab
