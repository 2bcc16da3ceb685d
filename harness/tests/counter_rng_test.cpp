#include "harness/core/counter_rng.h"

#include <gtest/gtest.h>

#include <cstring>

#include "harness/core/reference_case.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

// Known answers computed with Python integers from the formulas of
// docs/reference-format.md, independently of numpy and of this code.
TEST(CounterRng, Mix64IsTheSplitmix64Finaliser) {
  EXPECT_EQ(counter_mix64(0), 0u);
  EXPECT_EQ(counter_mix64(0x9E3779B97F4A7C15ull), 0xE220A8397B1DCDAFull);  // splitmix64(seed 0), first output
}

TEST(CounterRng, ValueKnownAnswers) {
  EXPECT_EQ(counter_value(1, CounterStream::Q, 0), 0x1.e236ccp+0f);
  EXPECT_EQ(counter_value(1, CounterStream::Q, 1), -0x1.b9c4b8p+0f);
  EXPECT_EQ(counter_value(11, CounterStream::K, 12345), 0x1.c269a8p-1f);
  EXPECT_EQ(counter_value(21, CounterStream::V, 7), -0x1.a08f38p+0f);
  EXPECT_EQ(counter_value(41, CounterStream::X, 134217727), 0x1.4e6b84p+0f);
}

TEST(CounterRng, FillMatchesValueAcrossThreadChunks) {
  const std::size_t count = (std::size_t{1} << 22) + 12345;  // several threads' worth
  const uint64_t first = 1000;
  std::vector<float> out(count);
  counter_fill(21, CounterStream::V, out.data(), count, first);
  for (std::size_t i = 0; i < count; i += 997)
    ASSERT_EQ(out[i], counter_value(21, CounterStream::V, first + i)) << "element " << i;
  EXPECT_EQ(out.back(), counter_value(21, CounterStream::V, first + count - 1));
  for (float v : out) ASSERT_TRUE(v >= -2.0f && v < 2.0f);
}

TEST(CounterRng, InvFreqKnownAnswers) {
  EXPECT_EQ(inv_freq(10000.0, 8), (std::vector<float>{1.0f, 0x1.99999ap-4f, 0x1.47ae14p-7f, 0x1.0624dep-10f}));
  const auto f128 = inv_freq(10000.0, 128);
  ASSERT_EQ(f128.size(), 64u);
  EXPECT_EQ(f128[1], 0x1.bb5faep-1f);
  EXPECT_EQ(f128[2], 0x1.7ff222p-1f);
  EXPECT_EQ(f128[3], 0x1.4c7bc0p-1f);
  EXPECT_EQ(f128[63], 0x1.e459c6p-14f);
  EXPECT_EQ(inv_freq(500000.0, 16)[7], 0x1.5a0f4ep-17f);
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The Python generator's stored inputs are the proof that both sides agree:
// full fixtures bit for bit; sampled fixtures through the MANIFEST inputs
// hash, which load_reference checks on the inputs it regenerates.
TEST(CounterRng, ReproducesEveryFixtureInputBitForBit) {
  const auto specs = test::fixture_specs();
  ASSERT_FALSE(specs.empty()) << "no fixtures under " << test::reference_root() / "fixtures";
  for (const auto& spec : specs) {
    SCOPED_TRACE(spec.id());
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    EXPECT_TRUE(same_bits(ref.input("inv_freq"), inv_freq(spec.base, spec.D)));
    if (spec.storage == Storage::Sampled) continue;
    const auto n = [](int64_t count) { return static_cast<std::size_t>(count); };
    if (spec.op == "rope") {
      EXPECT_TRUE(same_bits(ref.input("x"), counter_tensor(spec.seed, CounterStream::X, n(spec.dim("N") * spec.dim("S") * spec.D))));
    } else if (spec.op == "qk_norm_rope") {
      const int64_t T = spec.dims.at("T");
      EXPECT_TRUE(same_bits(ref.input("q"), counter_tensor(spec.seed, CounterStream::Q, n(T * spec.dims.at("Hq") * spec.D))));
      EXPECT_TRUE(same_bits(ref.input("k"), counter_tensor(spec.seed, CounterStream::K, n(T * spec.dims.at("Hkv") * spec.D))));
      EXPECT_TRUE(same_bits(ref.input("wk"), counter_tensor(spec.seed, CounterStream::Wk, n(spec.D))));
      EXPECT_EQ(ref.input_int64("positions"),
                counter_integer_tensor(spec.seed, CounterStream::Positions, n(T), spec.integers.at("max_position")));
    } else {  // attention, decode (its key count is Skv)
      const int64_t keys = spec.op == "decode" ? spec.dim("Skv") : spec.dim("Sk");
      EXPECT_TRUE(same_bits(ref.input("q"), counter_tensor(spec.seed, CounterStream::Q, n(spec.dim("B") * spec.dim("Hq") * spec.dim("Sq") * spec.D))));
      EXPECT_TRUE(same_bits(ref.input("k"), counter_tensor(spec.seed, CounterStream::K, n(spec.dim("B") * spec.dim("Hkv") * keys * spec.D))));
      EXPECT_TRUE(same_bits(ref.input("v"), counter_tensor(spec.seed, CounterStream::V, n(spec.dim("B") * spec.dim("Hkv") * keys * spec.D))));
    }
  }
}

}  // namespace
}  // namespace fuselab
