#include "harness/core/cpu_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "harness/core/counter_rng.h"
#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/rope/rope_reference.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using kernels::AttentionProblem;
using kernels::RopeProblem;

double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double d = std::fabs(a[i] - b[i]);
    if (!(d <= worst)) worst = d;  // NaN propagates
  }
  return worst;
}

TEST(CpuReference, ReproducesEveryFixtureWithin1e12) {
  const auto specs = test::fixture_specs();
  ASSERT_FALSE(specs.empty()) << "no fixtures under " << test::reference_root() / "fixtures";
  for (const auto& spec : specs) {
    SCOPED_TRACE(spec.id());
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    const std::vector<double> out = reference_output(ref);
    ASSERT_EQ(out.size(), ref.out.size());
    const double err = max_abs_diff(out, ref.out);
    EXPECT_FALSE(!(err <= 1e-12)) << "max |C++ - file| = " << err;
  }
}

// A random attention problem from the counter generator.
struct Problem {
  std::vector<float> q, k, v, inv;
  AttentionProblem p;
  Problem(int B, int Hq, int Hkv, int Sq, int Sk, int D, kernels::PeKind pe) {
    q = counter_tensor(7, CounterStream::Q, std::size_t(B) * Hq * Sq * D);
    k = counter_tensor(7, CounterStream::K, std::size_t(B) * Hkv * Sk * D);
    v = counter_tensor(7, CounterStream::V, std::size_t(B) * Hkv * Sk * D);
    inv = inv_freq(10000.0, D);
    p.q = q.data(), p.k = k.data(), p.v = v.data(), p.inv_freq = inv.data();
    p.B = B, p.Hq = Hq, p.Hkv = Hkv, p.Sq = Sq, p.Sk = Sk, p.D = D, p.pe = pe;
  }
  std::vector<double> run(double scale = 0.125) const {
    std::vector<double> out(std::size_t(p.B) * p.Hq * p.Sq * p.D);
    attention_reference(p, scale, out.data());
    return out;
  }
};

TEST(CpuReference, EqualKeysAverageTheValues) {
  Problem t(1, 1, 1, 3, 4, 8, kernels::PeKind::None);
  for (int j = 1; j < 4; ++j) std::copy(t.k.begin(), t.k.begin() + 8, t.k.begin() + j * 8);
  const auto out = t.run();
  for (int s = 0; s < 3; ++s)
    for (int d = 0; d < 8; ++d) {
      double mean = 0.0;
      for (int j = 0; j < 4; ++j) mean += t.v[j * 8 + d] / 4.0;
      EXPECT_NEAR(out[s * 8 + d], mean, 1e-15);
    }
}

TEST(CpuReference, CausalFirstQuerySeesOnlyTheFirstKey) {
  Problem t(1, 2, 2, 4, 4, 16, kernels::PeKind::RopeNeox);
  t.p.causal = true;
  const auto out = t.run();
  for (int h = 0; h < 2; ++h)
    for (int d = 0; d < 16; ++d) EXPECT_EQ(out[(h * 4) * 16 + d], t.v[(h * 4) * 16 + d]);
}

TEST(CpuReference, QueryThatSeesNoKeyIsNaN) {
  Problem t(1, 1, 1, 2, 2, 8, kernels::PeKind::None);
  t.p.causal = true;
  t.p.k_offset = 1;  // query 0 (position 0) precedes key 0 (position 1)
  const auto out = t.run();
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_FALSE(std::isnan(out[8]));
}

TEST(CpuReference, QueryHeadReadsItsKvHead) {
  // One key per head: each query row returns its kv head's value row.
  Problem t(2, 4, 2, 3, 1, 8, kernels::PeKind::Sinusoidal);
  const auto out = t.run();
  for (int b = 0; b < 2; ++b)
    for (int h = 0; h < 4; ++h)
      for (int s = 0; s < 3; ++s)
        for (int d = 0; d < 8; ++d)
          EXPECT_EQ(out[((b * 4 + h) * 3 + s) * 8 + d], t.v[(b * 2 + h / 2) * 8 + d]);
}

TEST(CpuReference, RowsSubsetEqualsFullRows) {
  Problem t(2, 4, 2, 5, 7, 16, kernels::PeKind::RopeInterleaved);
  t.p.causal = true;
  t.p.q_offset = 9;
  t.p.k_offset = 5;
  const auto full = t.run();
  const std::vector<int64_t> rows = {39, 0, 17, 5, 22};
  std::vector<double> some(rows.size() * 16);
  attention_reference_rows(t.p, 0.125, rows, some.data());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int d = 0; d < 16; ++d) EXPECT_EQ(some[i * 16 + d], full[rows[i] * 16 + d]);
}

TEST(CpuReference, RopeIsARotationAndIdentityAtPositionZero) {
  for (auto pe : {kernels::PeKind::RopeNeox, kernels::PeKind::RopeInterleaved}) {
    const int N = 2, S = 5, D = 16;
    const auto x = counter_tensor(3, CounterStream::X, N * S * D);
    const auto inv = inv_freq(10000.0, D);
    RopeProblem p;
    p.x = x.data(), p.inv_freq = inv.data(), p.N = N, p.S = S, p.D = D, p.pe = pe;
    std::vector<double> out(x.size());
    rope_reference(p, out.data());
    for (int r = 0; r < N * S; ++r) {
      double in_norm = 0, out_norm = 0;
      for (int d = 0; d < D; ++d) {
        in_norm += double(x[r * D + d]) * x[r * D + d];
        out_norm += out[r * D + d] * out[r * D + d];
        if (r % S == 0) {
          EXPECT_EQ(out[r * D + d], x[r * D + d]);
        }
      }
      EXPECT_NEAR(out_norm, in_norm, 1e-12);
    }
  }
}

}  // namespace
}  // namespace fuselab
