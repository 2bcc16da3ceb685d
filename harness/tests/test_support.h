// Shared by the CPU tests: the source tree, a per-test scratch folder, the
// committed fixtures with their cases.yaml specs, and small file/error helpers.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/core/cases_file.h"
#include "harness/core/reference_case.h"

namespace fuselab::test {

inline std::filesystem::path source_dir() { return FUSELAB_SOURCE_DIR; }
inline std::filesystem::path reference_root() { return source_dir() / "reference_data"; }

// Loading from `root` (a reference_data/ folder) with its MANIFEST checked.
inline LoadOptions options_for(const std::filesystem::path& root) {
  LoadOptions options;
  options.reference_root = root.string();
  return options;
}

// An empty folder under FUSELAB_TEST_SCRATCH named after the running test.
inline std::filesystem::path scratch_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const auto dir = std::filesystem::path(FUSELAB_TEST_SCRATCH) / info->test_suite_name() / info->name();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// The sample records (harness/tests/data/records) and the synthetic peer
// record (data/peer_records), copied into runs/ of this test's scratch folder.
inline std::filesystem::path sample_records_dir() {
  const std::filesystem::path data = source_dir() / "harness/tests/data";
  const std::filesystem::path dir = scratch_dir() / "runs";
  std::filesystem::create_directories(dir);
  for (const char* sub : {"records", "peer_records"})
    for (const auto& e : std::filesystem::directory_iterator(data / sub))
      std::filesystem::copy_file(e.path(), dir / e.path().filename());
  return dir;
}

// Every case with `fixture: true` in experiments/*/cases.yaml (its file is
// committed under reference_data/fixtures/).
inline std::vector<CaseSpec> fixture_specs() {
  std::vector<CaseSpec> specs;
  for (const auto& family : list_families(source_dir().string()))
    for (const auto& spec : load_family_cases(source_dir().string(), family).cases)
      if (spec.fixture) specs.push_back(spec);
  return specs;
}

// A file's bytes ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The message of the std::runtime_error `f` throws, or "" when it does not.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// A refusal's message: not empty, with a fix, holding every phrase.
inline void expect_phrases(const std::string& message, const std::vector<std::string>& phrases) {
  ASSERT_FALSE(message.empty()) << "accepted";
  EXPECT_NE(message.find("Fix: "), std::string::npos) << message;
  for (const auto& phrase : phrases)
    EXPECT_NE(message.find(phrase), std::string::npos) << "no '" << phrase << "' in: " << message;
}

// Writes <scratch>/fam/cases.yaml, op `op`, with one case (line 4) and returns its path.
inline std::string write_one_case(const std::string& op, const std::string& case_map) {
  const std::filesystem::path dir = scratch_dir() / "fam";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "cases.yaml") << "family: fam\nop: " << op << "\ncases:\n  - " << case_map << "\n";
  return (dir / "cases.yaml").string();
}

}  // namespace fuselab::test
