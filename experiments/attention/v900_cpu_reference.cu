// The float64 C++ reference as a version of its own, on the CPU backend: it
// lets `fuselab run` go through the whole pipeline (references, check,
// timing, run record, log) on a machine without a GPU. 9xx versions are the
// bench's instruments, not steps of the family's lineage.
#include <cmath>
#include <vector>

#include "harness/core/cpu_reference.h"
#include "harness/core/registry.h"

namespace {

void launch(const fuselab::AttentionProblem& p, void*, cudaStream_t) {
  std::vector<double> out(std::size_t(p.B) * p.Hq * p.Sq * p.D);
  // The problem carries the scale in float32; the default 1/sqrt(D) is taken
  // in float64 as the references do, any other scale as given.
  const double default_scale = 1.0 / std::sqrt(double(p.D));
  const double scale = p.scale == float(default_scale) ? default_scale : double(p.scale);
  fuselab::attention_reference(p, scale, out.data());
  for (std::size_t i = 0; i < out.size(); ++i) p.out[i] = static_cast<float>(out[i]);
}

}  // namespace

FUSELAB_EXPERIMENT(attention, v900_cpu_reference) {
  fuselab::Limits limits;
  limits.pe = {fuselab::PeKind::None, fuselab::PeKind::Sinusoidal,
               fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox};
  limits.causal = limits.gqa = limits.cross = true;
  limits.max_seq_q = 512;  // keeps the LLM-like case (20 s a launch on 2 cores) out
  return fuselab::Experiment{}
      .parent("attention/v000_cublas_unfused")
      .hypothesis("The float64 reference rounded to float32 passes every case it runs, so the "
                  "pipeline (references, checker, timing, records, log) works end to end "
                  "without a GPU.")
      .prediction(fuselab::at_most_us(20000.0, {"fx_b1_h2_s5_d16"}))
      .backend(fuselab::Backend::Cpu)
      .limits(limits)
      .launch(&launch);
}
