// The public API of fuselab_kernels (include/fuselab/kernels.h) on the CPU:
// each bad input is one fuselab::InvalidArgument, raised before any CUDA
// call (these run where there is no GPU: a call that reached CUDA would fail
// otherwise), and a call is planned on the committed table's entry.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "fuselab/kernels.h"

namespace {

// Stand-ins for device pointers: never dereferenced (every call here is refused or only planned).
float q_buf[4], k_buf[4], v_buf[4], out_buf[4], w_buf[4];
int64_t pos_buf[4];

fuselab::AttentionArgs good_attention() {
  fuselab::AttentionArgs a;
  a.q = q_buf;
  a.k = k_buf;
  a.v = v_buf;
  a.out = out_buf;
  a.B = 1;
  a.Hq = 4;
  a.Hkv = 4;
  a.Sq = a.Sk = 64;
  a.D = 128;
  return a;
}

template <typename F>
std::string refusal(F call) {
  try {
    call();
  } catch (const fuselab::InvalidArgument& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("another exception: ") + e.what();
  }
  return "accepted";
}

#define EXPECT_REFUSED(call, part)                                               \
  do {                                                                           \
    const std::string m = refusal([&] { call; });                                \
    EXPECT_NE(m.find(part), std::string::npos) << m;                              \
    EXPECT_NE(m.find("Fix:"), std::string::npos) << m;                           \
    EXPECT_EQ(m.find("another exception"), std::string::npos) << m;              \
  } while (0)

TEST(KernelsApi, NullPointers) {
  auto a = good_attention();
  a.k = nullptr;
  EXPECT_REFUSED(fuselab::attention(a), "fuselab::attention: k is null");
  a = good_attention();
  a.out = nullptr;
  EXPECT_REFUSED(fuselab::attention(a), "out is null");
  fuselab::QkNormRopeArgs n;
  n.q = q_buf, n.k = k_buf, n.wq = w_buf, n.wk = w_buf, n.out = out_buf, n.T = 1, n.Hq = 1, n.Hkv = 1, n.D = 64;
  EXPECT_REFUSED(fuselab::qk_norm_rope(n), "positions is null");
}

TEST(KernelsApi, OutputAliasingAnInput) {
  auto a = good_attention();
  a.out = const_cast<float*>(a.q);
  EXPECT_REFUSED(fuselab::attention(a), "out is q");
}

TEST(KernelsApi, ShapesThatDisagree) {
  auto a = good_attention();
  a.Hkv = 3;
  EXPECT_REFUSED(fuselab::attention(a), "Hq = 4 is not a multiple of Hkv = 3");
  a = good_attention();
  a.Sq = 0;
  EXPECT_REFUSED(fuselab::attention(a), "Sq = 0 is not positive");
  a = good_attention();
  a.B = -2;
  EXPECT_REFUSED(fuselab::attention(a), "B = -2 is not positive");
  a = good_attention();
  a.D = int64_t(1) << 33;
  EXPECT_REFUSED(fuselab::attention(a), "exceeds what the versions index");
  a = good_attention();
  a.causal = true;
  a.k_offset = 3;
  EXPECT_REFUSED(fuselab::attention(a), "leaves query 0 with no visible key");
}

TEST(KernelsApi, OddHeadDimForRope) {
  fuselab::RopeArgs r;
  r.x = q_buf, r.out = out_buf, r.N = 2, r.S = 3, r.D = 7;
  EXPECT_REFUSED(fuselab::rope(r), "D = 7 is odd");
}

TEST(KernelsApi, OptionsTheOpDoesNotTake) {
  fuselab::RopeArgs r;
  r.x = q_buf, r.out = out_buf, r.N = 2, r.S = 3, r.D = 8, r.pe = fuselab::PositionalEncoding::Sinusoidal;
  EXPECT_REFUSED(fuselab::rope(r), "needs a RoPE pairing");
  auto a = good_attention();
  a.scale = -1.0;
  EXPECT_REFUSED(fuselab::attention(a), "scale must be a positive finite number");
  a = good_attention();
  a.base = 0.0;
  EXPECT_REFUSED(fuselab::attention(a), "base must be a positive finite number");
  a = good_attention();
  a.pe = static_cast<fuselab::PositionalEncoding>(9);
  EXPECT_REFUSED(fuselab::attention(a), "is not a PositionalEncoding");
  a = good_attention();
  a.q_offset = int64_t(1) << 24;
  a.pe = fuselab::PositionalEncoding::RopeNeox;
  EXPECT_REFUSED(fuselab::attention(a), "not all exact in float32");
}

// The committed table's entry for the study's 1x4x64x128 case is what a call of that shape plans.
TEST(KernelsApi, PlansTheTablesEntryForItsOwnCase) {
  std::ifstream in(std::string(FUSELAB_SOURCE_DIR) + "/reports/dispatch.json");
  ASSERT_TRUE(in) << "reports/dispatch.json is missing: run `fuselab export --dispatch reports/dispatch.json`";
  const nlohmann::json table = nlohmann::json::parse(in);
  std::string want;
  for (const auto& e : table["entries"])
    if (e["family"] == "attention" && e["case"] == "b1_h4_s64_d128") want = e["version"];
  if (want.empty()) GTEST_SKIP() << "skipped: the table has no entry for attention/b1_h4_s64_d128";
  const fuselab::Dispatch d = fuselab::plan_attention(good_attention());
  EXPECT_EQ(d.version, want);
  EXPECT_EQ(d.why, "entry attention/b1_h4_s64_d128 (distance 0.00)");
  // GQA has no benchmark entry of its class: a version whose Limits take it, named.
  auto gqa = good_attention();
  gqa.Hkv = 2;
  EXPECT_FALSE(fuselab::plan_attention(gqa).version.empty());
}

// Shapes no benchmark case has: the family's fallback, named as such.
TEST(KernelsApi, ShapesOutsideTheTableGoToTheFallback) {
  auto a = good_attention();
  a.Hq = 8;
  a.Hkv = 2;
  a.causal = true;
  a.pe = fuselab::PositionalEncoding::RopeNeox;
  EXPECT_EQ(fuselab::plan_attention(a).why, "fallback of rope");
  a = good_attention();
  a.D = 96;
  EXPECT_EQ(fuselab::plan_attention(a).why, "fallback of attention");
}

// Per-token positions: both arrays or neither, a PE to place, positions
// float32 holds; a call with them runs a PE-none version on the embedded rows.
TEST(KernelsApi, PerTokenPositionsAreCheckedAndPlanAPeNoneVersion) {
  auto a = good_attention();
  a.pe = fuselab::PositionalEncoding::RopeNeox;
  a.q_positions = pos_buf;
  EXPECT_REFUSED(fuselab::plan_attention(a), "k_positions is null while the other positions are given");
  a.k_positions = pos_buf;
  a.max_position = int64_t(1) << 24;
  EXPECT_REFUSED(fuselab::plan_attention(a), "max_position = 16777216 is outside [0, 2^24)");
  a.max_position = 100000;
  a.pe = fuselab::PositionalEncoding::None;
  EXPECT_REFUSED(fuselab::plan_attention(a), "positions are given with pe None");
  a.pe = fuselab::PositionalEncoding::RopeInterleaved;
  auto none = good_attention();
  EXPECT_EQ(fuselab::plan_attention(a).version, fuselab::plan_attention(none).version);
}

// Decode: a model that rotates q and k itself calls it with PE none; the
// table's decode entries are RoPE cases whose versions take none too, and
// the nearest runs it, said so. A draft longer than the cache is refused.
TEST(KernelsApi, DecodeWithPeNoneRunsTheNearestRopeEntry) {
  fuselab::DecodeArgs a;
  a.q = q_buf, a.k = k_buf, a.v = v_buf, a.out = out_buf;
  a.B = 8, a.Hq = 32, a.Hkv = 8, a.Sq = 1, a.Skv = 30000, a.D = 128;
  const fuselab::Dispatch d = fuselab::plan_decode(a);
  EXPECT_NE(d.why.find("entry decode/b8_h32kv8_s32768_q1 (measured with pe rope_neox"), std::string::npos) << d.why;
  a.Sq = 40;
  a.Skv = 20;
  EXPECT_REFUSED(fuselab::plan_decode(a), "Sq = 40 queries exceed the Skv = 20 cached keys");
}

// An attention call that is a decode step (PE none, the last few queries,
// causal) runs as op decode; one that is not (a query that sees fewer keys
// than all before it) stays attention.
TEST(KernelsApi, AnAttentionDecodeStepRunsAsDecode) {
  auto a = good_attention();
  a.B = 8, a.Hq = 32, a.Hkv = 8, a.Sq = 1, a.Sk = 32768, a.causal = true, a.q_offset = 32767;
  EXPECT_EQ(fuselab::plan_attention(a).why.rfind("as decode: entry decode/", 0), 0u) << fuselab::plan_attention(a).why;
  a.q_offset = 100;
  EXPECT_EQ(fuselab::plan_attention(a).why.find("as decode"), std::string::npos);
}

fuselab::QkNormRopeArgs serving_qk_norm_rope() {
  fuselab::QkNormRopeArgs n;
  n.q = q_buf, n.k = k_buf, n.wq = w_buf, n.wk = w_buf, n.positions = pos_buf, n.out = out_buf;
  n.T = 16384, n.Hq = 32, n.Hkv = 8, n.D = 128, n.max_position = 32767;
  return n;
}

// qk_norm_rope's serving size is a benchmark case: the table's entry runs it.
TEST(KernelsApi, QkNormRopeRunsTheEntryOfItsCase) {
  const fuselab::Dispatch d = fuselab::plan_qk_norm_rope(serving_qk_norm_rope());
  EXPECT_EQ(d.why, "entry qk_norm_rope/t16384_h32kv8_d128_neox (distance 0.00)") << d.version;
}

// An op the table has neither entry nor fallback for (no record on the
// current source) refuses every call with the reason, rather than guess:
// the committed table without qk_norm_rope's rows, read through
// FUSELAB_DISPATCH_TABLE (each test runs in a process of its own).
TEST(KernelsApi, AnOpWithoutEvidenceRefusesWithTheReason) {
  std::ifstream in(std::string(FUSELAB_SOURCE_DIR) + "/reports/dispatch.json");
  ASSERT_TRUE(in);
  nlohmann::json table = nlohmann::json::parse(in);
  for (const char* part : {"entries", "fallbacks"}) {
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& row : table[part])
      if (row["op"] != "qk_norm_rope") kept.push_back(row);
    table[part] = kept;
  }
  const std::string path = ::testing::TempDir() + "dispatch_without_qk_norm_rope.json";
  std::ofstream(path) << table.dump();
  setenv("FUSELAB_DISPATCH_TABLE", path.c_str(), 1);
  EXPECT_REFUSED(fuselab::plan_qk_norm_rope(serving_qk_norm_rope()),
                 "the dispatch table has no entry or fallback for op qk_norm_rope");
}

}  // namespace
