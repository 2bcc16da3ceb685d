// 3xFP16's pieces (kernels/common/wgmma_f16.cuh), run on the CPU: the split
// keeps tf32's bits (big + small gives x back to ~2^-22 relative in fp16's
// normal range, to 3e-8 below it), and HalfCoreLayout puts every (row, dim)
// of a 64 x 32 tile where wgmma's no-swizzle K-major layout reads it, once.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <set>

#include "kernels/common/wgmma_f16.cuh"

namespace {

using fuselab::kernels::HalfCoreLayout;

float low_half(std::uint32_t packed) {
  __half_raw raw;
  raw.x = static_cast<unsigned short>(packed & 0xffffu);
  return __half2float(__half(raw));
}

float high_half(std::uint32_t packed) { return low_half(packed >> 16); }

TEST(Fp16Split, BigPlusSmallGivesTheValueBack) {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.f, 1.f);
  std::uniform_real_distribution<float> exponent(-12.f, 13.f);  // |x| < 65504
  for (int i = 0; i < 200000; ++i) {
    const float x0 = normal(rng) * std::exp2(exponent(rng)), x1 = normal(rng);
    std::uint32_t big = 0, small = 0;
    fuselab::kernels::split_f16x2(x0, x1, big, small);
    for (const auto& [x, b, s] : {std::tuple{x0, low_half(big), low_half(small)},
                                  std::tuple{x1, high_half(big), high_half(small)}}) {
      const double back = double(b) + double(s), err = std::fabs(back - double(x));
      if (std::fabs(x) >= 0.125f) EXPECT_LE(err, std::fabs(double(x)) * std::exp2(-21.0)) << "x = " << x;
      else EXPECT_LE(err, 3.1e-8) << "x = " << x;
    }
  }
}

// Byte offset of (row, dim) in wgmma's no-swizzle K-major layout: k-step
// dim / 16, 8-row groups kSbo floats apart, the two 8-dim cores of a k-step
// kLbo floats apart, 16-byte core rows.
template <class L>
int canonical_byte(int row, int dim) {
  return 4 * ((dim / 16) * L::kStep + (row / 8) * L::kSbo + ((dim / 8) % 2) * L::kLbo) + 16 * (row % 8) +
         2 * (dim % 8);
}

// Every (row, dim) of a 64 x dims tile once, where wgmma reads it.
template <class L>
void expect_placed_once(int dims) {
  std::set<int> seen;
  const int tile_halves = 2 * L::kStep * (dims / 16);
  for (int row = 0; row < 64; ++row)
    for (int dim = 0; dim < dims; ++dim) {
      const int at = L::offset_halves(row, dim);
      EXPECT_EQ(2 * at, canonical_byte<L>(row, dim)) << "row " << row << ", dim " << dim;
      EXPECT_GE(at, 0);
      EXPECT_LT(at, tile_halves);
      EXPECT_TRUE(seen.insert(at).second) << "row " << row << ", dim " << dim << " overlaps";
      if (dim % 4 == 0) EXPECT_EQ(at % 4, 0) << "an aligned run of 4 dims starts on 8 bytes";
    }
}

TEST(Fp16Split, HalfLayoutsPlaceEveryValueOnceWhereWgmmaReadsIt) {
  expect_placed_once<HalfCoreLayout<584, 72, 36>>(32);  // v081's Q and K sub-tiles (HalfCores64)
  expect_placed_once<HalfCoreLayout<512, 64, 32>>(64);  // v082's P (HalfDense64)
}

}  // namespace
