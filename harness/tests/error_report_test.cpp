// The checker: NaN and Inf fail, the worst element is located, sampled rows
// are compared where they live in the full output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "harness/core/error_report.h"

namespace fuselab {
namespace {

ReferenceCase small_case() {
  ReferenceCase r;
  r.spec.family = "attention";
  r.spec.name = "t";
  r.spec.op = "attention";
  r.spec.dims = {{"B", 1}, {"Hq", 2}, {"Hkv", 2}, {"Sq", 3}, {"Sk", 3}, {"D", 4}}; r.spec.D = 4;
  r.out.assign(24, 0.5);
  r.torch_fp32_max_abs_err = 1e-7;
  return r;
}

std::vector<float> matching() { return std::vector<float>(24, 0.5f); }

TEST(ErrorReport, PassesAnExactOutput) {
  const auto r = compare_output(matching(), small_case());
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.checked, 24);
  EXPECT_EQ(r.max_abs_err, 0.0);
}

TEST(ErrorReport, NaNFails) {
  auto out = matching();
  out[7] = NAN;
  const auto r = compare_output(out, small_case());
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.nonfinite, 1);
  EXPECT_EQ(r.where, (std::vector<int64_t>{0, 0, 1, 3}));
}

TEST(ErrorReport, InfFails) {
  auto out = matching();
  out[0] = INFINITY;
  EXPECT_FALSE(compare_output(out, small_case()).pass);
}

TEST(ErrorReport, PoisonedOutputFails) {
  std::vector<float> out(24);
  std::memset(out.data(), 0xFF, out.size() * sizeof(float));
  const auto r = compare_output(out, small_case());
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.nonfinite, 24);
}

TEST(ErrorReport, LocatesTheWorstElementAndCountsOverTolerance) {
  auto out = matching();
  out[13] = 0.5f + 1e-3f;  // b 0, h 1, s 0, d 1
  out[2] = 0.5f + 1e-4f;
  const auto r = compare_output(out, small_case());
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.over_tolerance, 2);
  EXPECT_EQ(r.where, (std::vector<int64_t>{0, 1, 0, 1}));
  EXPECT_NEAR(r.max_abs_err, 1e-3, 1e-7);
}

TEST(ErrorReport, WithinToleranceStillPasses) {
  auto out = matching();
  out[5] = 0.5f + 4e-5f;
  EXPECT_TRUE(compare_output(out, small_case()).pass);
}

TEST(ErrorReport, SampledRowsAreComparedInPlace) {
  ReferenceCase ref = small_case();
  ref.rows = {4};  // b 0, h 1, s 1
  ref.out.assign(4, 0.25);
  auto out = matching();
  for (int d = 0; d < 4; ++d) out[4 * 4 + d] = 0.25f;
  EXPECT_TRUE(compare_output(out, ref).pass);
  out[4 * 4 + 2] = 0.3f;
  const auto r = compare_output(out, ref);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.checked, 4);
  EXPECT_EQ(r.where, (std::vector<int64_t>{0, 1, 1, 2}));
}

TEST(ErrorReport, WrongOutputSizeIsAnError) {
  EXPECT_THROW(compare_output(std::vector<float>(5), small_case()), std::runtime_error);
}

}  // namespace
}  // namespace fuselab
