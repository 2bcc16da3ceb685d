// Sincos::kReduced's angle reduction (kernels/common/pe.cuh), run on the CPU:
// sin/cos of the reduced angle match sin/cos of the fp32 angle (float64)
// within the bound the header states, at every angle the cases use.
#include <gtest/gtest.h>

#include <cmath>

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
    EXPECT_LE(worst_error(freq, 1 << 17, &fuselab::kernels::reduce_to_pi), 1.5e-7) << "freq " << freq;
}

TEST(PeReduce, TheRemainderTermIsWhatMakesItAccurate) {
  // Dropping C2 leaves k * 1.7e-7 of error: ~9e-4 at 33000 rad.
  EXPECT_GT(worst_error(1.0f, 33000, &reduce_one_step), 1e-4);
}

}  // namespace
