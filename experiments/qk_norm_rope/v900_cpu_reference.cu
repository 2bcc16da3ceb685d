// QK-norm + RoPE's CPU version: the float64 reference rounded to float32
// (harness/ops/qk_norm_rope/qk_norm_rope_reference.h), so the family runs
// through the whole pipeline without a GPU.
#include <vector>

#include "experiments/common/cpu_reference_version.h"
#include "experiments/qk_norm_rope/limits.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_reference.h"

namespace {

void qk_norm_rope_on_the_cpu(const fuselab::kernels::QkNormRopeProblem& p, void*, cudaStream_t) {
  const std::vector<int64_t> rows = fuselab::experiments::all_rows(std::size_t(p.T) * p.heads());
  std::vector<double> out(rows.size() * std::size_t(p.D));
  fuselab::qk_norm_rope_reference_rows(p, rows, out.data());
  fuselab::experiments::round_to_float(out, p.out);
}

}  // namespace

FUSELAB_EXPERIMENT(qk_norm_rope, v900_cpu_reference) {
  return fuselab::Experiment{}
      .parent("qk_norm_rope/v000_separate")
      .hypothesis(fuselab::experiments::kCpuReferenceHypothesis)
      .prediction(fuselab::at_most_us(20000.0, {"fx_t3_h2kv1_d8_neox"}))
      .backend(fuselab::Backend::Cpu)
      .limits(fuselab::experiments::qk_norm_rope::pairings_with_head_dim(2))
      .launch(&qk_norm_rope_on_the_cpu);
}
