// Decode's CPU version: the float64 reference rounded to float32
// (harness/ops/decode/decode_reference.h), so the family runs through the
// whole pipeline without a GPU.
#include <vector>

#include "experiments/common/cpu_reference_version.h"
#include "experiments/decode/limits.h"
#include "harness/ops/decode/decode_reference.h"

namespace {

void decode_on_the_cpu(const fuselab::kernels::DecodeProblem& p, void*, cudaStream_t) {
  const std::vector<int64_t> rows = fuselab::experiments::all_rows(std::size_t(p.B) * p.Hq * p.Sq);
  std::vector<double> out(rows.size() * std::size_t(p.D));
  fuselab::decode_reference_rows(p, fuselab::experiments::reference_scale(p.scale, p.D), rows, out.data());
  fuselab::experiments::round_to_float(out, p.out);
}

}  // namespace

FUSELAB_EXPERIMENT(decode, v900_cpu_reference) {
  return fuselab::Experiment{}
      .parent("decode/v000_separate")
      .hypothesis(fuselab::experiments::kCpuReferenceHypothesis)
      .prediction(fuselab::at_most_us(20000.0, {"fx_b1_h2kv1_s5_q2_d8_neox"}))
      .backend(fuselab::Backend::Cpu)
      .limits(fuselab::experiments::decode::rotations_with_head_dim(2))
      .launch(&decode_on_the_cpu);
}
