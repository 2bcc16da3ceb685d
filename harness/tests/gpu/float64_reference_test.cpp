// The GPU float64 reference (issue 43), on a GPU (ctest label gpu; each test
// reports skipped, with the reason, where there is none):
//  - it computes what the host float64 reference computes, on small cases of
//    every PE kind and op: GQA, causal, offsets and long positions, rows that
//    see no key, large D, several passes of scores, standalone RoPE;
//  - it is anchored to every committed fixture and to every generated
//    reference file present (the LLM-size sampled ones included), and a file
//    that disagrees with it is refused naming the file, the row and the
//    difference;
//  - once anchored it catches, on a sampled case, a wrong element the
//    file's rows miss (output_fault.h's element: a row of the last tile).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numeric>

#include "harness/core/check_reference.h"
#include "harness/core/counter_rng.h"
#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/decode/decode_reference.h"
#include "harness/ops/rope/rope_reference.h"
#include "harness/core/cpu_reference.h"
#include "harness/core/error_report.h"
#include "harness/core/output_fault.h"
#include "harness/gpu/environment.h"
#include "harness/gpu/float64_reference.h"
#include "harness/tests/test_support.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

using kernels::AttentionProblem;
using kernels::PeKind;
using kernels::RopeProblem;

#define SKIP_WITHOUT_GPU()                                                  \
  do {                                                                      \
    const std::string why = cuda_unavailable_reason();                      \
    if (!why.empty()) GTEST_SKIP() << "skipped: " << why;                   \
  } while (0)

// Largest |a - b|, where a NaN must meet a NaN (a row that sees no key).
double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  EXPECT_EQ(a.size(), b.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (std::isnan(a[i]) && std::isnan(b[i])) continue;
    const double d = std::fabs(a[i] - b[i]);
    if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;
  }
  return worst;
}

struct AttentionCase {
  const char* name;
  int B, Hq, Hkv, Sq, Sk, D;
  bool causal = false;
  int q_offset = 0, k_offset = 0;
  double scale = 0.0;  // 0: 1/sqrt(D)
};

const AttentionCase kAttentionCases[] = {
    {"plain_b1_h4_s64_d128", 1, 4, 4, 64, 64, 128},
    {"ragged_b2_h3_s17_d96", 2, 3, 3, 17, 17, 96},
    {"gqa_causal_offsets_b2_h4kv2_s3k7_d8", 2, 4, 2, 3, 7, 8, true, 4, 0},
    {"gqa_b1_h8kv2_s64_d128", 1, 8, 2, 64, 64, 128},
    {"cross_long_positions_s16k1024_d128", 1, 4, 4, 16, 1024, 128, false, 32752, 31000},
    {"causal_long_positions_s16k1024_d128", 1, 4, 4, 16, 1024, 128, true, 32008, 31000},
    {"causal_rows_without_keys_s4_d16", 1, 2, 2, 4, 4, 16, true, 0, 2},
    {"wide_scores_causal_scale2_d128", 1, 4, 4, 64, 64, 128, true, 0, 0, 2.0},
    {"large_d_s8_d4096", 1, 2, 2, 8, 8, 4096},
    // 40960 query rows x 1024 keys: the scores take two passes (32 Mi a pass).
    {"two_passes_b1_h40_s1024_d8", 1, 40, 40, 1024, 1024, 8, true, 0, 0},
};

const PeKind kPeKinds[] = {PeKind::None, PeKind::Sinusoidal, PeKind::RopeInterleaved, PeKind::RopeNeox};

TEST(GpuFloat64Reference, AttentionMatchesTheHostReferenceOnEveryPeKind) {
  SKIP_WITHOUT_GPU();
  for (const AttentionCase& c : kAttentionCases)
    for (PeKind pe : kPeKinds) {
      SCOPED_TRACE(std::string(c.name) + " pe " + pe_name(pe));
      const auto q = counter_tensor(5, CounterStream::Q, std::size_t(c.B) * c.Hq * c.Sq * c.D);
      const auto k = counter_tensor(5, CounterStream::K, std::size_t(c.B) * c.Hkv * c.Sk * c.D);
      const auto v = counter_tensor(5, CounterStream::V, std::size_t(c.B) * c.Hkv * c.Sk * c.D);
      const auto inv = inv_freq(10000.0, c.D);
      AttentionProblem p;
      p.q = q.data(), p.k = k.data(), p.v = v.data(), p.inv_freq = inv.data();
      p.B = c.B, p.Hq = c.Hq, p.Hkv = c.Hkv, p.Sq = c.Sq, p.Sk = c.Sk, p.D = c.D;
      p.causal = c.causal, p.q_offset = c.q_offset, p.k_offset = c.k_offset, p.pe = pe;
      const double scale = c.scale > 0 ? c.scale : 1.0 / std::sqrt(double(c.D));
      p.scale = float(scale);
      std::vector<double> host(q.size()), gpu(q.size());
      attention_reference(p, scale, host.data());
      attention_reference_gpu(p, scale, gpu.data());
      const double diff = max_abs_diff(gpu, host);
      EXPECT_LE(diff, 1e-12);
      std::printf("attention %-40s %-16s max |gpu - host| %.3g\n", c.name, pe_name(pe), diff);
    }
}

TEST(GpuFloat64Reference, RowsThatSeeNoKeyAreNaNAsOnTheHost) {
  SKIP_WITHOUT_GPU();
  const auto q = counter_tensor(5, CounterStream::Q, 4 * 16), k = counter_tensor(5, CounterStream::K, 4 * 16);
  const auto v = counter_tensor(5, CounterStream::V, 4 * 16);
  const auto inv = inv_freq(10000.0, 16);
  AttentionProblem p;
  p.q = q.data(), p.k = k.data(), p.v = v.data(), p.inv_freq = inv.data();
  p.B = 1, p.Hq = 1, p.Hkv = 1, p.Sq = 4, p.Sk = 4, p.D = 16, p.causal = true, p.k_offset = 2;
  std::vector<double> gpu(q.size());
  attention_reference_gpu(p, 0.25, gpu.data());
  for (int d = 0; d < 16; ++d) {
    EXPECT_TRUE(std::isnan(gpu[d]) && std::isnan(gpu[16 + d])) << d;  // queries 0 and 1 precede key 0
    EXPECT_EQ(gpu[2 * 16 + d], v[d]);                                   // query 2 sees key 0 alone
  }
}

TEST(GpuFloat64Reference, StandaloneRopeMatchesTheHostReference) {
  SKIP_WITHOUT_GPU();
  struct Shape { int N, S, D, offset; };
  for (const Shape s : {Shape{3, 17, 64, 0}, Shape{2, 100, 200, 0}, Shape{4, 1024, 128, 31744},
                        Shape{2, 3, 8, 32765}, Shape{1, 1, 96, 0}})
    for (PeKind pe : {PeKind::RopeNeox, PeKind::RopeInterleaved}) {
      SCOPED_TRACE(std::to_string(s.N) + "x" + std::to_string(s.S) + "x" + std::to_string(s.D) + " offset " +
                   std::to_string(s.offset) + " " + pe_name(pe));
      const auto x = counter_tensor(9, CounterStream::X, std::size_t(s.N) * s.S * s.D);
      const auto inv = inv_freq(10000.0, s.D);
      RopeProblem p;
      p.x = x.data(), p.inv_freq = inv.data(), p.N = s.N, p.S = s.S, p.D = s.D, p.offset = s.offset, p.pe = pe;
      std::vector<double> host(x.size()), gpu(x.size());
      rope_reference(p, host.data());
      rope_reference_gpu(p, gpu.data());
      EXPECT_LE(max_abs_diff(gpu, host), 1e-12);
    }
}

// Op decode: q rotated at Skv - Sq + i, the key cache taken as given, causal tail.
TEST(GpuFloat64Reference, DecodeMatchesTheHostReference) {
  SKIP_WITHOUT_GPU();
  struct Shape { int B, Hq, Hkv, Sq, Skv, D; };
  for (const Shape s : {Shape{1, 1, 1, 1, 1, 64}, Shape{2, 4, 2, 16, 17, 128}, Shape{1, 8, 1, 3, 1000, 96},
                        Shape{1, 4, 2, 4, 40000, 128}})
    for (PeKind pe : {PeKind::None, PeKind::RopeNeox, PeKind::RopeInterleaved}) {
      SCOPED_TRACE(std::to_string(s.Sq) + "q x " + std::to_string(s.Skv) + " keys, D " + std::to_string(s.D) + " " +
                   pe_name(pe));
      const auto q = counter_tensor(7, CounterStream::Q, std::size_t(s.B) * s.Hq * s.Sq * s.D);
      const auto k = counter_tensor(7, CounterStream::K, std::size_t(s.B) * s.Hkv * s.Skv * s.D);
      const auto v = counter_tensor(7, CounterStream::V, std::size_t(s.B) * s.Hkv * s.Skv * s.D);
      const auto inv = inv_freq(10000.0, s.D);
      kernels::DecodeProblem p;
      p.q = q.data(), p.k = k.data(), p.v = v.data(), p.inv_freq = inv.data();
      p.B = s.B, p.Hq = s.Hq, p.Hkv = s.Hkv, p.Sq = s.Sq, p.Skv = s.Skv, p.D = s.D, p.pe = pe;
      const double scale = 1.0 / std::sqrt(double(s.D));
      p.scale = float(scale);
      std::vector<int64_t> rows(std::size_t(s.B) * s.Hq * s.Sq);
      std::iota(rows.begin(), rows.end(), int64_t{0});
      std::vector<double> host(q.size()), gpu(q.size());
      decode_reference_rows(p, scale, rows, host.data());
      decode_reference_gpu(p, scale, gpu.data());
      EXPECT_LE(max_abs_diff(gpu, host), 1e-12);
    }
}

TEST(GpuFloat64Reference, IsAvailableForEveryOpOnAGpu) {
  SKIP_WITHOUT_GPU();
  CaseSpec attention, rope;
  attention.op = "attention";
  rope.op = "rope";
  EXPECT_EQ(gpu_reference_unavailable(attention), "");
  EXPECT_EQ(gpu_reference_unavailable(rope), "");
  setenv("FUSELAB_NO_GPU_REFERENCE", "1", 1);
  EXPECT_EQ(gpu_reference_unavailable(attention), "FUSELAB_NO_GPU_REFERENCE=1 is set");
  unsetenv("FUSELAB_NO_GPU_REFERENCE");
}

TEST(GpuFloat64Reference, IsAnchoredToEveryFixture) {
  SKIP_WITHOUT_GPU();
  for (const auto& spec : test::fixture_specs()) {
    SCOPED_TRACE(spec.id());
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    const CheckReference check = make_check_reference(ref, gpu_float64_source());
    ASSERT_TRUE(check.by.anchor);
    EXPECT_LE(check.by.anchor->max_abs_diff, 1e-12);
    EXPECT_EQ(check.by.reference, ref.sampled() ? "gpu_float64" : "file");
    // And to the host reference on every element, the rows the file lacks included.
    ReferenceCase all = ref;
    all.rows.clear();
    EXPECT_LE(max_abs_diff(gpu_reference_output(ref), reference_output(all)), 1e-12);
  }
}

// Every case of every family whose file has been generated
// (reference_data/generate.py); the LLM-size sampled ones take seconds each.
std::vector<CaseSpec> generated_cases(bool sampled_only) {
  std::vector<CaseSpec> out;
  for (const auto& family : list_families(test::source_dir().string()))
    for (const auto& spec : load_family_cases(test::source_dir().string(), family).cases)
      if (!spec.fixture && (!sampled_only || spec.storage == Storage::Sampled) &&
          std::filesystem::exists(test::reference_root() / spec.reference_path()))
        out.push_back(spec);
  return out;
}

TEST(GpuFloat64Reference, IsAnchoredToEveryGeneratedReference) {
  SKIP_WITHOUT_GPU();
  const auto specs = generated_cases(false);
  if (specs.empty())
    GTEST_SKIP() << "skipped: no generated reference under " << test::reference_root()
                 << " (run $(scripts/find_python.sh) reference_data/generate.py)";
  for (const auto& spec : specs) {
    SCOPED_TRACE(spec.id());
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    const auto start = std::chrono::steady_clock::now();
    CheckReference check;
    try {
      check = make_check_reference(ref, gpu_float64_source());
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(check.by.anchor);
    std::printf("anchored %-45s %9lld elements, max |gpu - file| %.3g (bound %.3g); %lld computed in %.3f s\n",
                spec.id().c_str(), static_cast<long long>(check.by.anchor->elements), check.by.anchor->max_abs_diff,
                check.by.anchor->bound, static_cast<long long>(spec.out_rows() * spec.D), seconds);
  }
}

// The float32 rounding of the reference passes both checks; with the fault
// it passes the file's rows and fails every element, at the fault.
void expect_caught(const ReferenceCase& ref) {
  const CheckReference check = make_check_reference(ref, gpu_float64_source());
  ASSERT_EQ(check.by.reference, "gpu_float64");
  std::vector<float> out(check.every_element.begin(), check.every_element.end());
  const ErrorReport clean = compare_output(out, ref, check);
  EXPECT_TRUE(clean.pass) << clean.summary();
  EXPECT_EQ(clean.checked, ref.spec.out_rows() * ref.spec.D);
  const int64_t at = unheld_fault_index(ref);
  out[at] += 1.0f;
  const ErrorReport rows = compare_output(out, ref);
  EXPECT_TRUE(rows.pass) << "the file's rows see the fault: " << rows.summary();
  EXPECT_EQ(rows.checked, static_cast<int64_t>(ref.rows.size()) * ref.spec.D);
  const ErrorReport every = compare_output(out, ref, check);
  EXPECT_FALSE(every.pass);
  EXPECT_EQ(every.over_tolerance, 1);
  EXPECT_NEAR(every.max_abs_err, 1.0, 1e-6);
  const int64_t row = at / ref.spec.D, d = at % ref.spec.D;
  const CaseSpec& s = ref.spec;
  const int64_t heads = s.op == "qk_norm_rope" ? s.dims.at("Hq") + s.dims.at("Hkv") : 0;
  const std::vector<int64_t> where =
      s.op == "rope"           ? std::vector<int64_t>{row / s.dim("S"), row % s.dim("S"), d}
      : s.op == "qk_norm_rope" ? std::vector<int64_t>{row / heads, row % heads, d}
                               : std::vector<int64_t>{row / s.dim("Sq") / s.dim("Hq"), row / s.dim("Sq") % s.dim("Hq"),
                                                      row % s.dim("Sq"), d};
  EXPECT_EQ(every.where, where);
  std::printf("%-45s file rows: %s\n%-45s every element: %s\n", s.id().c_str(), rows.summary().c_str(),
              s.id().c_str(), every.summary().c_str());
}

TEST(GpuFloat64Reference, CatchesOnTheSampledFixtureAFaultTheFileRowsMiss) {
  SKIP_WITHOUT_GPU();
  for (const auto& spec : test::fixture_specs())
    if (spec.storage == Storage::Sampled) {
      SCOPED_TRACE(spec.id());
      expect_caught(load_reference(spec, test::options_for(test::reference_root())));
    }
}

TEST(GpuFloat64Reference, CatchesOnEveryLlmSizeSampledCaseAFaultTheFileRowsMiss) {
  SKIP_WITHOUT_GPU();
  const auto specs = generated_cases(true);
  if (specs.empty())
    GTEST_SKIP() << "skipped: no sampled reference generated under " << test::reference_root()
                 << " (run $(scripts/find_python.sh) reference_data/generate.py)";
  for (const auto& spec : specs) {
    SCOPED_TRACE(spec.id());
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    // A case with few output rows may sample them all (decode at batch 1):
    // then no row lies outside the file, and the file's rows check every element.
    if (static_cast<int64_t>(ref.rows.size()) == spec.out_rows()) {
      std::printf("%-45s the file holds all %lld rows: no fault to miss\n", spec.id().c_str(),
                  static_cast<long long>(spec.out_rows()));
      continue;
    }
    expect_caught(ref);
  }
}

TEST(GpuFloat64Reference, AFileThatDisagreesIsRefusedNamingTheRow) {
  SKIP_WITHOUT_GPU();
  for (const auto& spec : test::fixture_specs())
    if (spec.storage == Storage::Sampled) {
      ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
      ref.out[4 * spec.D + 3] += 1e-9;  // the file's fifth row
      const std::string message = test::error_of([&] { make_check_reference(ref, gpu_float64_source()); });
      EXPECT_NE(message.find(ref.path + ": the gpu_float64 reference disagrees"), std::string::npos) << message;
      EXPECT_NE(message.find("row " + std::to_string(ref.rows[4])), std::string::npos) << message;
      EXPECT_NE(message.find(", column 3: "), std::string::npos) << message;
      EXPECT_NE(message.find("a difference of 1e-09"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace fuselab
