#include "harness/core/cases_file.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "harness/tests/test_support.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

TEST(CasesFile, EveryFamilyOfTheRepositoryLoads) {
  const auto families = list_families(test::source_dir().string());
  EXPECT_TRUE(std::is_sorted(families.begin(), families.end()));
  for (const char* family : {"attention", "rope", "rope_standalone", "sinusoidal"})
    EXPECT_NE(std::find(families.begin(), families.end(), family), families.end()) << family;
  for (const auto& family : families) {
    const CasesFile file = load_family_cases(test::source_dir().string(), family);
    EXPECT_EQ(file.family, family);
    EXPECT_FALSE(file.cases.empty());
  }
}

TEST(CasesFile, DefaultsAreMergedIntoCases) {
  const CasesFile file = load_family_cases(test::source_dir().string(), "attention");
  EXPECT_EQ(file.op, "attention");
  const CaseSpec* big = file.find("b1_h4_s64_d2048");
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(big->id(), "attention/b1_h4_s64_d2048");
  EXPECT_EQ(big->seed, 11);  // from defaults
  EXPECT_EQ(big->pe, PeKind::None);
  EXPECT_TRUE(big->for_tests && big->for_benchmarks);
  EXPECT_EQ(big->scale, 1.0 / std::sqrt(2048.0));
  EXPECT_EQ(big->base, 10000.0);
  EXPECT_EQ(big->reference_path(), "attention/b1_h4_s64_d2048.h5");

  const CaseSpec* fx = file.find("fx_b2_h4kv2_s3k7_d8_causal");
  ASSERT_NE(fx, nullptr);
  EXPECT_TRUE(fx->for_tests);
  EXPECT_FALSE(fx->for_benchmarks);  // the case's own `use` wins
  EXPECT_TRUE(fx->causal);
  EXPECT_EQ(fx->q_offset, 4);
  EXPECT_EQ(fx->reference_path(), "fixtures/attention/fx_b2_h4kv2_s3k7_d8_causal.h5");

  const CaseSpec* sampled = file.find("b8_h16_s1024_d128");
  ASSERT_NE(sampled, nullptr);
  EXPECT_EQ(sampled->storage, Storage::Sampled);
  EXPECT_EQ(sampled->sample_rows, 256);
  EXPECT_EQ(sampled->out_rows(), 8 * 16 * 1024);
}

TEST(CasesFile, ShapeText) {
  const auto root = test::source_dir().string();
  const CasesFile attention = load_family_cases(root, "attention");
  EXPECT_EQ(attention.find("b1_h4_s64_d2048")->shape_text(), "1x4x64x2048");
  EXPECT_EQ(attention.find("b1_h8kv2_s64_d128")->shape_text(), "1x8kv2x64x128");
  EXPECT_EQ(attention.find("b1_h4_s16k1024_d128")->shape_text(), "1x4x16k1024x128");
  const CasesFile rope = load_family_cases(root, "rope_standalone");
  EXPECT_EQ(rope.op, "rope");
  EXPECT_EQ(rope.find("n128_s8192_d128_neox")->shape_text(), "128x8192x128");
  EXPECT_EQ(rope.find("n128_s8192_d128_neox")->pe, PeKind::RopeNeox);
}

TEST(CasesFile, PeNames) {
  for (PeKind pe : {PeKind::None, PeKind::Sinusoidal, PeKind::RopeInterleaved, PeKind::RopeNeox})
    EXPECT_EQ(pe_from_name(pe_name(pe)), pe);
  EXPECT_THROW(pe_from_name("alibi"), std::runtime_error);
}

// Writes <scratch>/<folder>/cases.yaml and returns its path.
std::string write_cases(const std::string& folder, const std::string& text) {
  const fs::path dir = test::scratch_dir() / folder;
  fs::create_directories(dir);
  std::ofstream(dir / "cases.yaml") << text;
  return (dir / "cases.yaml").string();
}

const char* const kGood =
    "family: fam\n"                                                    // line 1
    "op: attention\n"                                                  // line 2
    "defaults: {seed: 3}\n"                                            // line 3
    "cases:\n"                                                         // line 4
    "  - {name: a, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}\n";  // line 5

// Loading `text` fails with a message naming file:line, every phrase and a fix.
void expect_error(const std::string& text, int line, const std::vector<std::string>& phrases,
                  const std::string& folder = "fam") {
  const std::string path = write_cases(folder, text);
  try {
    load_cases_file(path);
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path + ":" + std::to_string(line) + ":"), std::string::npos)
        << "no " << path << ":" << line << " in: " << message;
    EXPECT_NE(message.find("Fix: "), std::string::npos) << "no fix in: " << message;
    for (const auto& phrase : phrases)
      EXPECT_NE(message.find(phrase), std::string::npos) << "no '" << phrase << "' in: " << message;
  }
}

std::string with_case(const std::string& case_line) {
  std::string text = kGood;
  return text.substr(0, text.rfind("  - ")) + case_line + "\n";
}

TEST(CasesFile, GoodFileLoads) {
  const CasesFile file = load_cases_file(write_cases("fam", kGood));
  ASSERT_EQ(file.cases.size(), 1u);
  EXPECT_EQ(file.cases[0].seed, 3);
  EXPECT_EQ(file.cases[0].Hkv, 2);
}

TEST(CasesFile, MalformedYaml) {
  expect_error(with_case("  - {name: a, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}\n  - x: ]"), 6,
               {"malformed YAML", "correct the YAML syntax"});
}

TEST(CasesFile, UnknownKey) {
  expect_error(with_case("  - {name: a, colour: red, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"case 'a'", "unknown key 'colour'", "use one of"});
}

TEST(CasesFile, UnknownTopLevelKey) {
  expect_error(std::string("version: 2\n") + kGood, 1, {"unknown key 'version'"});
}

TEST(CasesFile, KeyOfTheOtherOp) {
  expect_error(with_case("  - {name: a, offset: 3, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"'offset' applies only to op rope", "remove it"});
}

TEST(CasesFile, UnknownShapeKey) {
  expect_error(with_case("  - {name: a, shape: {B: 1, H: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"unknown key 'H' in shape"});
}

TEST(CasesFile, OddHeadDim) {
  expect_error(with_case("  - {name: a, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 15}}"), 5,
               {"D = 15 is odd", "use an even D"});
}

TEST(CasesFile, HqNotMultipleOfHkv) {
  expect_error(with_case("  - {name: a, shape: {B: 1, Hq: 4, Hkv: 3, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"Hq = 4 is not a multiple of Hkv = 3", "choose Hkv dividing Hq"});
}

TEST(CasesFile, DuplicateName) {
  expect_error(std::string(kGood) + "  - {name: a, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}\n", 6,
               {"'a' is used twice", "rename"});
}

TEST(CasesFile, BadName) {
  expect_error(with_case("  - {name: Big-Case, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"'Big-Case' is not [a-z0-9_]+"});
}

TEST(CasesFile, FamilyDiffersFromFolder) {
  expect_error(kGood, 1, {"family 'fam' differs from the folder name 'other'", "set family: other"}, "other");
}

TEST(CasesFile, BadUseValue) {
  expect_error(with_case("  - {name: a, use: [tests, speed], shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"use value 'speed'"});
}

TEST(CasesFile, MissingSeed) {
  std::string text = kGood;
  text.replace(text.find("defaults: {seed: 3}"), 19, "defaults: {}");
  expect_error(text, 5, {"missing key 'seed'"});
}

TEST(CasesFile, RopeOpNeedsRopePairing) {
  expect_error("family: fam\nop: rope\ncases:\n  - {name: a, seed: 1, shape: {N: 1, S: 2, D: 8}}\n", 4,
               {"op rope needs a RoPE pairing", "rope_neox"});
}

TEST(CasesFile, SampledNeedsSampleRows) {
  expect_error(with_case("  - {name: a, storage: sampled, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"1 <= sample_rows <= 32"});
}

TEST(CasesFile, SampleRowsWithFullStorage) {
  expect_error(with_case("  - {name: a, sample_rows: 4, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"sample_rows is set but storage is full"});
}

TEST(CasesFile, CausalQueryWithoutVisibleKey) {
  expect_error(with_case("  - {name: a, causal: true, k_offset: 2, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"),
               5, {"leaves query 0 with no visible key", "k_offset <= q_offset"});
}

TEST(CasesFile, PositionsBeyondFloat32) {
  expect_error(with_case("  - {name: a, q_offset: 16777215, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"not all exact in float32"});
}

TEST(CasesFile, WrongValueType) {
  expect_error(with_case("  - {name: a, causal: maybe, shape: {B: 1, Hq: 4, Hkv: 2, Sq: 8, Sk: 8, D: 16}}"), 5,
               {"'causal' must be true or false"});
}

TEST(CasesFile, MissingFileNamesTheFamilies) {
  try {
    load_family_cases(test::source_dir().string(), "alibi");
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("experiments/alibi/cases.yaml"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("rope_standalone"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fuselab
