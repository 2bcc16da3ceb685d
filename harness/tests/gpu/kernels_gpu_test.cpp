// fuselab::attention (include/fuselab/kernels.h) on a GPU, on shapes of each
// PE kind, causal, GQA and cross lengths, and fuselab::rope and qk_norm_rope,
// against the float64 host references (harness/ops/*/*_reference.h) at 5e-5 (label gpu; skipped,
// with the reason, where there is no GPU).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "fuselab/kernels.h"
#include "harness/core/counter_rng.h"
#include "harness/gpu/environment.h"
#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/common/positional_encoding.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_reference.h"
#include "harness/ops/rope/rope_reference.h"

namespace fuselab {
namespace {

struct Shape {
  int B, Hq, Hkv, Sq, Sk, D;
  PositionalEncoding pe;
  bool causal;
  int q_offset;
};

kernels::PeKind kind(PositionalEncoding pe) {
  switch (pe) {
    case PositionalEncoding::None: return kernels::PeKind::None;
    case PositionalEncoding::Sinusoidal: return kernels::PeKind::Sinusoidal;
    case PositionalEncoding::RopeNeox: return kernels::PeKind::RopeNeox;
    case PositionalEncoding::RopeInterleaved: return kernels::PeKind::RopeInterleaved;
  }
  return kernels::PeKind::None;
}

const char* pe_word(PositionalEncoding pe) {
  switch (pe) {
    case PositionalEncoding::None: return "none";
    case PositionalEncoding::Sinusoidal: return "sinusoidal";
    case PositionalEncoding::RopeNeox: return "neox";
    case PositionalEncoding::RopeInterleaved: return "interleaved";
  }
  return "unknown";
}

// "b2_h8kv2_s100k100_d128_neox_causal": the test's name and its printed parameter.
std::string name_of(const Shape& s) {
  return "b" + std::to_string(s.B) + "_h" + std::to_string(s.Hq) + "kv" + std::to_string(s.Hkv) + "_s" +
         std::to_string(s.Sq) + "k" + std::to_string(s.Sk) + "_d" + std::to_string(s.D) + "_" + pe_word(s.pe) +
         (s.causal ? "_causal" : "") + (s.q_offset ? "_qoff" + std::to_string(s.q_offset) : "");
}
void PrintTo(const Shape& s, std::ostream* os) { *os << name_of(s); }

class KernelsAttention : public ::testing::TestWithParam<Shape> {};

// Why these tests cannot run here: no GPU.
std::string skip_reason() { return cuda_unavailable_reason(); }

// A build of a few experiments (FUSELAB_ONLY) may lack the version the
// table names for a call: the test then says so and skips, rather than fail
// on the build; any other refusal is left to the call, which fails the test.
template <class Plan, class Args>
std::string unbuilt(Plan plan, const Args& a) {
  try {
    plan(a);
  } catch (const InvalidArgument& e) {
    const std::string m = e.what();
    if (m.find("not in this build") != std::string::npos) return "a version it needs is not in this build: " + m;
  }
  return "";
}

#define RUN_OR_SKIP(d, call, plan, args)                                      \
  if (const std::string unbuilt_reason = unbuilt(plan, args); !unbuilt_reason.empty()) \
    GTEST_SKIP() << "skipped: " << unbuilt_reason;                            \
  const Dispatch d = call(args)

TEST_P(KernelsAttention, MatchesTheFloat64Reference) {
  const std::string why = skip_reason();
  if (!why.empty()) GTEST_SKIP() << "skipped: " << why;
  const Shape s = GetParam();
  const std::size_t nq = std::size_t(s.B) * s.Hq * s.Sq * s.D, nkv = std::size_t(s.B) * s.Hkv * s.Sk * s.D;
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<float> q(nq), k(nkv), v(nkv), out(nq);
  for (auto* t : {&q, &k, &v})
    for (float& x : *t) x = u(rng);
  float *dq, *dk, *dv, *dout;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dq), nq * 4), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dk), nkv * 4), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dv), nkv * 4), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dout), nq * 4), cudaSuccess);
  cudaMemcpy(dq, q.data(), nq * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dk, k.data(), nkv * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dv, v.data(), nkv * 4, cudaMemcpyHostToDevice);
  AttentionArgs a;
  a.q = dq, a.k = dk, a.v = dv, a.out = dout;
  a.B = s.B, a.Hq = s.Hq, a.Hkv = s.Hkv, a.Sq = s.Sq, a.Sk = s.Sk, a.D = s.D;
  a.causal = s.causal, a.q_offset = s.q_offset, a.pe = s.pe;
  RUN_OR_SKIP(d, attention, plan_attention, a);
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  cudaMemcpy(out.data(), dout, nq * 4, cudaMemcpyDeviceToHost);
  for (float* p : {dq, dk, dv, dout}) cudaFree(p);

  const std::vector<float> freq = inv_freq(10000.0, s.D);
  kernels::AttentionProblem p;
  p.q = q.data(), p.k = k.data(), p.v = v.data(), p.inv_freq = freq.data();
  p.B = s.B, p.Hq = s.Hq, p.Hkv = s.Hkv, p.Sq = s.Sq, p.Sk = s.Sk, p.D = s.D;
  p.q_offset = s.q_offset, p.causal = s.causal, p.pe = kind(s.pe);
  p.scale = float(1.0 / std::sqrt(double(s.D)));
  std::vector<double> ref(nq);
  attention_reference(p, 1.0 / std::sqrt(double(s.D)), ref.data());
  double worst = 0;
  for (std::size_t i = 0; i < nq; ++i) worst = std::max(worst, std::fabs(double(out[i]) - ref[i]));
  EXPECT_LE(worst, 5e-5) << d.version << " (" << d.why << ")";
  std::cout << "[ dispatch ] " << d.version << " (" << d.why << "): max error " << worst << "\n";
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, KernelsAttention,
    ::testing::Values(Shape{1, 4, 4, 64, 64, 128, PositionalEncoding::None, false, 0},
                      Shape{1, 4, 4, 64, 64, 512, PositionalEncoding::Sinusoidal, false, 0},
                      Shape{2, 8, 2, 100, 100, 128, PositionalEncoding::RopeNeox, true, 0},
                      Shape{1, 4, 4, 16, 100, 64, PositionalEncoding::RopeInterleaved, true, 84},
                      Shape{2, 3, 3, 17, 17, 96, PositionalEncoding::None, false, 0},
                      // decode steps (the library runs them as op decode)
                      Shape{8, 32, 8, 1, 4096, 128, PositionalEncoding::None, true, 4095},
                      Shape{2, 8, 2, 4, 300, 128, PositionalEncoding::None, true, 296}),
    [](const ::testing::TestParamInfo<Shape>& info) { return name_of(info.param); });

// Per-token positions (arbitrary, not an offset) with GQA and the causal mask
// by row, against float64: each row embedded at its own position on the
// host (the ops' PE math), then softmax(q·kᵀ·scale)·v in float64.
TEST(KernelsAttention, PerTokenPositionsMatchTheFloat64Reference) {
  const std::string why = skip_reason();
  if (!why.empty()) GTEST_SKIP() << "skipped: " << why;
  const int B = 2, Hq = 8, Hkv = 2, Sq = 37, Sk = 50, D = 128, q_offset = Sk - Sq;
  const int64_t max_position = 100000;
  for (const PositionalEncoding pe : {PositionalEncoding::RopeNeox, PositionalEncoding::Sinusoidal}) {
    const std::size_t nq = std::size_t(B) * Hq * Sq * D, nkv = std::size_t(B) * Hkv * Sk * D;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::uniform_int_distribution<int64_t> position(0, max_position);
    std::vector<float> q(nq), k(nkv), v(nkv), out(nq);
    for (auto* t : {&q, &k, &v})
      for (float& x : *t) x = u(rng);
    std::vector<int64_t> qpos(std::size_t(B) * Sq), kpos(std::size_t(B) * Sk);
    for (auto* t : {&qpos, &kpos})
      for (int64_t& p : *t) p = position(rng);
    float *dq, *dk, *dv, *dout;
    int64_t *dqpos, *dkpos;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dq), nq * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dk), nkv * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dv), nkv * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dout), nq * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dqpos), qpos.size() * 8), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dkpos), kpos.size() * 8), cudaSuccess);
    cudaMemcpy(dq, q.data(), nq * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dk, k.data(), nkv * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, v.data(), nkv * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dqpos, qpos.data(), qpos.size() * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(dkpos, kpos.data(), kpos.size() * 8, cudaMemcpyHostToDevice);
    AttentionArgs a;
    a.q = dq, a.k = dk, a.v = dv, a.out = dout;
    a.B = B, a.Hq = Hq, a.Hkv = Hkv, a.Sq = Sq, a.Sk = Sk, a.D = D;
    a.causal = true, a.q_offset = q_offset, a.pe = pe;
    a.q_positions = dqpos, a.k_positions = dkpos, a.max_position = max_position;
    RUN_OR_SKIP(d, attention, plan_attention, a);
    ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
    cudaMemcpy(out.data(), dout, nq * 4, cudaMemcpyDeviceToHost);
    for (void* p : {static_cast<void*>(dq), static_cast<void*>(dk), static_cast<void*>(dv), static_cast<void*>(dout),
                    static_cast<void*>(dqpos), static_cast<void*>(dkpos)})
      cudaFree(p);

    const std::vector<float> freq = inv_freq(10000.0, D);
    const auto embedded = [&](const std::vector<float>& x, const std::vector<int64_t>& pos, int H, int S) {
      std::vector<double> e(x.size());
      for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h)
          for (int s = 0; s < S; ++s) {
            const std::size_t row = (std::size_t(b) * H + h) * S + s;
            const AngleTable angles(kind(pe), pos[std::size_t(b) * S + s], 1, freq.data(), D);
            embed(kind(pe), x.data() + row * D, angles, 0, D, e.data() + row * D);
          }
      return e;
    };
    const std::vector<double> eq = embedded(q, qpos, Hq, Sq), ek = embedded(k, kpos, Hkv, Sk);
    const double scale = 1.0 / std::sqrt(double(D));
    double worst = 0;
    for (int b = 0; b < B; ++b)
      for (int h = 0; h < Hq; ++h)
        for (int i = 0; i < Sq; ++i) {
          const std::size_t qrow = (std::size_t(b) * Hq + h) * Sq + i;
          const std::size_t kv0 = (std::size_t(b) * Hkv + h / (Hq / Hkv)) * Sk;
          const int visible = q_offset + i + 1;  // keys 0 .. q_offset + i
          std::vector<double> w(visible);
          double top = -INFINITY, sum = 0;
          for (int j = 0; j < visible; ++j) {
            double dot = 0;
            for (int e = 0; e < D; ++e) dot += eq[qrow * D + e] * ek[(kv0 + j) * D + e];
            top = std::max(top, w[j] = dot * scale);
          }
          for (double& x : w) sum += (x = std::exp(x - top));
          for (int e = 0; e < D; ++e) {
            double o = 0;
            for (int j = 0; j < visible; ++j) o += w[j] * v[(kv0 + j) * D + e];
            worst = std::max(worst, std::fabs(double(out[qrow * D + e]) - o / sum));
          }
        }
    EXPECT_LE(worst, 5e-5) << pe_word(pe) << ": " << d.version << " (" << d.why << ")";
    std::cout << "[ dispatch ] per-token " << pe_word(pe) << ": " << d.version << " (" << d.why << "): max error " << worst
              << "\n";
  }
}

// fuselab::rope on the study's shape class (neox, interleaved) and a ragged one.
TEST(KernelsRope, MatchesTheFloat64Reference) {
  const std::string why = skip_reason();
  if (!why.empty()) GTEST_SKIP() << "skipped: " << why;
  struct R {
    int N, S, D, offset;
    PositionalEncoding pe;
  };
  for (const R r : {R{4, 1024, 128, 31744, PositionalEncoding::RopeNeox}, R{8, 512, 128, 0, PositionalEncoding::RopeInterleaved},
                    R{3, 17, 64, 5, PositionalEncoding::RopeInterleaved}}) {
    const std::size_t n = std::size_t(r.N) * r.S * r.D;
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::vector<float> x(n), out(n);
    for (float& e : x) e = u(rng);
    float *dx, *dout;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dx), n * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dout), n * 4), cudaSuccess);
    cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice);
    RopeArgs a;
    a.x = dx, a.out = dout, a.N = r.N, a.S = r.S, a.D = r.D, a.offset = r.offset, a.pe = r.pe;
    RUN_OR_SKIP(d, rope, plan_rope, a);
    ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
    cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
    cudaFree(dx);
    cudaFree(dout);
    const std::vector<float> freq = inv_freq(10000.0, r.D);
    kernels::RopeProblem p;
    p.x = x.data(), p.inv_freq = freq.data(), p.N = r.N, p.S = r.S, p.D = r.D, p.offset = r.offset, p.pe = kind(r.pe);
    std::vector<double> ref(n);
    rope_reference(p, ref.data());
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::fabs(double(out[i]) - ref[i]));
    EXPECT_LE(worst, 5e-5) << d.version << " (" << d.why << ")";
    std::cout << "[ dispatch ] " << d.version << " (" << d.why << "): max error " << worst << "\n";
  }
}

// fuselab::qk_norm_rope on the serving shape class (neox) and ragged ones,
// positions up to 10^6.
TEST(KernelsQkNormRope, MatchesTheFloat64Reference) {
  const std::string why = skip_reason();
  if (!why.empty()) GTEST_SKIP() << "skipped: " << why;
  struct C {
    int T, Hq, Hkv, D;
    int64_t max_position;
    PositionalEncoding pe;
  };
  for (const C c : {C{512, 32, 8, 128, 32767, PositionalEncoding::RopeNeox},
                    C{17, 6, 2, 96, 1000000, PositionalEncoding::RopeInterleaved},
                    C{1, 8, 1, 256, 1000000, PositionalEncoding::RopeNeox}}) {
    const std::size_t nq = std::size_t(c.T) * c.Hq * c.D, nk = std::size_t(c.T) * c.Hkv * c.D;
    const std::size_t nout = nq + nk;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-2.f, 2.f);
    std::uniform_int_distribution<int64_t> position(0, c.max_position);
    std::vector<float> q(nq), k(nk), wq(c.D), wk(c.D), out(nout);
    for (auto* t : {&q, &k, &wq, &wk})
      for (float& x : *t) x = u(rng);
    std::vector<int64_t> positions(c.T);
    for (int64_t& p : positions) p = position(rng);
    float *dq, *dk, *dwq, *dwk, *dout;
    int64_t* dpos;
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dq), nq * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dk), nk * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dwq), c.D * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dwk), c.D * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dpos), c.T * 8), cudaSuccess);
    ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&dout), nout * 4), cudaSuccess);
    cudaMemcpy(dq, q.data(), nq * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dk, k.data(), nk * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dwq, wq.data(), c.D * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dwk, wk.data(), c.D * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dpos, positions.data(), c.T * 8, cudaMemcpyHostToDevice);
    QkNormRopeArgs a;
    a.q = dq, a.k = dk, a.wq = dwq, a.wk = dwk, a.positions = dpos, a.out = dout;
    a.T = c.T, a.Hq = c.Hq, a.Hkv = c.Hkv, a.D = c.D, a.max_position = c.max_position, a.pe = c.pe;
    RUN_OR_SKIP(d, qk_norm_rope, plan_qk_norm_rope, a);
    ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
    cudaMemcpy(out.data(), dout, nout * 4, cudaMemcpyDeviceToHost);
    for (void* p : {static_cast<void*>(dq), static_cast<void*>(dk), static_cast<void*>(dwq), static_cast<void*>(dwk),
                    static_cast<void*>(dpos), static_cast<void*>(dout)})
      cudaFree(p);
    const std::vector<float> freq = inv_freq(10000.0, c.D);
    kernels::QkNormRopeProblem p;
    p.q = q.data(), p.k = k.data(), p.wq = wq.data(), p.wk = wk.data(), p.positions = positions.data();
    p.inv_freq = freq.data(), p.T = c.T, p.Hq = c.Hq, p.Hkv = c.Hkv, p.D = c.D, p.pe = kind(c.pe);
    std::vector<int64_t> rows(nout / c.D);
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = int64_t(i);
    std::vector<double> ref(nout);
    qk_norm_rope_reference_rows(p, a.eps, rows, ref.data());
    double worst = 0;
    for (std::size_t i = 0; i < nout; ++i) worst = std::max(worst, std::fabs(double(out[i]) - ref[i]));
    EXPECT_LE(worst, 5e-5) << d.version << " (" << d.why << ")";
    std::cout << "[ dispatch ] " << d.version << " (" << d.why << "): max error " << worst << "\n";
  }
}

}  // namespace
}  // namespace fuselab
