// The bench's cases.yaml parser follows the rules the generator's follows,
// on the same files (harness/tests/data/cases_rules.yaml; the generator's
// side is reference_data/tests/test_cases_rules.py).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <fstream>

#include "harness/core/cases_file.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

TEST(CasesRules, SameVerdictAsTheGenerator) {
  const YAML::Node rules = YAML::LoadFile((test::source_dir() / "harness/tests/data/cases_rules.yaml").string());
  ASSERT_GT(rules.size(), 10u);
  const auto dir = test::scratch_dir() / "fam";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "cases.yaml").string();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const YAML::Node rule = rules[i];
    const std::string c = rule["case"].as<std::string>();
    std::ofstream(path) << "family: fam\nop: " << rule["op"].as<std::string>() << "\ncases:\n  - " << c << "\n";
    const std::string error = test::error_of([&] { load_cases_file(path); });
    if (rule["accept"].as<bool>()) {
      EXPECT_EQ(error, "") << "rule " << i << ": " << c;
    } else {
      EXPECT_NE(error, "") << "rule " << i << " accepted: " << c;
      if (!error.empty()) {
        EXPECT_NE(error.find(path), std::string::npos) << error;
      }
    }
  }
}

}  // namespace
}  // namespace fuselab
