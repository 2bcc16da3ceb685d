// The float64 C++ references (harness/ops/<op>/<op>_reference.h) as a version on
// the CPU backend, for any family: it lets `fuselab run` take a family's
// cases through the whole pipeline (references, check, timing, run record,
// log) on a machine without a GPU. A family's v900_cpu_reference registers
// one of these; 9xx versions are the bench's instruments, not steps of a
// lineage.
#pragma once

#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/rope/rope_reference.h"
#include "harness/core/registry.h"

namespace fuselab::experiments {

// The problem carries the scale in float32; the default 1/sqrt(D) is taken
// in float64 as the references do, any other scale as given.
inline double reference_scale(float scale, int D) {
  const double default_scale = 1.0 / std::sqrt(double(D));
  return scale == float(default_scale) ? default_scale : double(scale);
}

// Row indices 0..n-1: every row of a problem, for the row-wise references.
inline std::vector<int64_t> all_rows(std::size_t n) {
  std::vector<int64_t> rows(n);
  std::iota(rows.begin(), rows.end(), int64_t{0});
  return rows;
}

// A float64 result rounded to the float32 output.
inline void round_to_float(const std::vector<double>& result, float* out) {
  for (std::size_t i = 0; i < result.size(); ++i) out[i] = static_cast<float>(result[i]);
}

inline void attention_on_the_cpu(const AttentionProblem& p, void*, cudaStream_t) {
  std::vector<double> out(std::size_t(p.B) * p.Hq * p.Sq * p.D);
  attention_reference(p, reference_scale(p.scale, p.D), out.data());
  round_to_float(out, p.out);
}

inline void rope_on_the_cpu(const RopeProblem& p, void*, cudaStream_t) {
  std::vector<double> out(std::size_t(p.N) * p.S * p.D);
  rope_reference(p, out.data());
  round_to_float(out, p.out);
}

inline constexpr const char* kCpuReferenceHypothesis =
    "The float64 reference rounded to float32 passes every case it runs, so the pipeline (references, "
    "checker, timing, records, log) works end to end without a GPU.";

// An attention family's CPU version: every PE kind, causal, GQA, cross;
// `timed_case` is the fixture its absolute-time prediction names.
inline Experiment attention_cpu_reference(const std::string& parent, const std::string& timed_case) {
  Limits limits;
  limits.pe = {PeKind::None, PeKind::Sinusoidal, PeKind::RopeInterleaved, PeKind::RopeNeox};
  limits.causal = limits.gqa = limits.cross = true;
  limits.max_seq_q = 512;  // keeps the LLM-like cases (20 s a launch on 2 cores) out
  return Experiment{}
      .parent(parent)
      .hypothesis(kCpuReferenceHypothesis)
      .prediction(at_most_us(20000.0, {timed_case}))
      .backend(Backend::Cpu)
      .limits(limits)
      .launch(&attention_on_the_cpu);
}

}  // namespace fuselab::experiments
