// Standalone RoPE's CPU version: the float64 reference (experiments/common/cpu_reference_version.h).
#include "experiments/common/cpu_reference_version.h"

FUSELAB_EXPERIMENT(rope_standalone, v900_cpu_reference) {
  fuselab::Limits limits;
  limits.pe = {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox};
  return fuselab::Experiment{}
      .parent("rope_standalone/v000_naive")
      .hypothesis(fuselab::experiments::kCpuReferenceHypothesis)
      .prediction(fuselab::at_most_us(20000.0, {"fx_n2_s3_d8_neox"}))
      .backend(fuselab::Backend::Cpu)
      .limits(limits)
      .launch(&fuselab::experiments::rope_on_the_cpu);
}
