// Sincos::kReduced's angle reduction (kernels/common/pe.cuh), run on the CPU:
// sin/cos of the reduced angle match sin/cos of the fp32 angle (float64)
// within the bound the header states, at every angle the cases use; and
// kReducedFma's rounding by two adds is rintf's.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "kernels/common/pe.cuh"

namespace {

constexpr double kPi = 3.14159265358979323846;

// Largest |sin| / |cos| difference over pos * freq for pos in [0, max_pos).
double worst_error(float freq, int max_pos, float (*reduce)(float)) {
  double worst = 0.0;
  for (int pos = 0; pos < max_pos; ++pos) {
    const float angle = static_cast<float>(pos) * freq;  // the fp32 angle, one rounding
    const double r = reduce(angle);
    EXPECT_LE(std::fabs(r), kPi + 0.02) << "angle " << angle;
    worst = std::fmax(worst, std::fabs(std::sin(r) - std::sin(double(angle))));
    worst = std::fmax(worst, std::fabs(std::cos(r) - std::cos(double(angle))));
  }
  return worst;
}

float reduce_one_step(float angle) {  // without the fp32(2pi) remainder term
  const float k = rintf(angle * 0.159154943091895335768883763372514362f);
  return fmaf(-k, 6.28318548202514648438f, angle);
}

TEST(PeReduce, WithinTheStatedBoundAtLongPositions) {
  for (const float freq : {1.0f, 0.7498942f, 0.1f, 1e-3f})
    EXPECT_LE(worst_error(freq, 1 << 17, &fuselab::kernels::reduce_to_pi<>), 1.5e-7) << "freq " << freq;
}

float bits_to_float(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

TEST(PeReduce, RoundingByAddsIsRintfBelowTwoToThe22) {
  // Every float in [2^-3, 2^22) and its negative, by stepping the bit pattern
  // (2^-3 and below round to 0 either way; one in every 7 patterns is taken).
  const std::uint32_t lo = 0x3E000000u, hi = 0x4A800000u;  // 2^-3, 2^22
  long checked = 0;
  for (std::uint32_t bits = lo; bits < hi; bits += 7) {
    for (const float t : {bits_to_float(bits), -bits_to_float(bits)}) {
      ASSERT_EQ(fuselab::kernels::round_by_adds(t), rintf(t)) << "t " << t;
      ++checked;
    }
  }
  // Ties go to even, as rintf's do.
  for (const float t : {0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 4194303.5f, -4194302.5f, 0.0f, -0.0f, 0.1f})
    EXPECT_EQ(fuselab::kernels::round_by_adds(t), rintf(t)) << "t " << t;
  EXPECT_GT(checked, 50000000L);
  // And the reduced angles agree bit for bit at every angle the cases use.
  for (const float freq : {1.0f, 0.7498942f, 0.1f, 1e-3f})
    for (int pos = 0; pos < (1 << 17); ++pos) {
      const float angle = static_cast<float>(pos) * freq;
      ASSERT_EQ(fuselab::kernels::reduce_to_pi<true>(angle), fuselab::kernels::reduce_to_pi<false>(angle))
          << "angle " << angle;
    }
}

TEST(PeReduce, TheRemainderTermIsWhatMakesItAccurate) {
  // Dropping C2 leaves k * 1.7e-7 of error: ~9e-4 at 33000 rad.
  EXPECT_GT(worst_error(1.0f, 33000, &reduce_one_step), 1e-4);
}

}  // namespace
