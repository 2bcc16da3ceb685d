// sinusoidal/v017_split_d_reduced_sincos — v011 with reduced __sincosf (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v017_split_d_reduced_sincos) {
  namespace a = fuselab::kernels::attention::v006;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v011_split_d_tuned")
      .hypothesis(
          "v011 measured 58.9 / 19.1 us at D = 16384 / 2048 against attention v006's 55.0 / 16.8 "
          "for the same phases without PE (runs 20261121T0405): 7 % and 14 %. Phase 1 evaluates "
          "4.2 M accurate sincosf pairs at D = 16384 on its issue path, ~40 instructions each. "
          "The reduced angle and the SFU's __sincosf (~6 instructions, two SFU ops) should remove "
          "most of that: ~56 us at D = 16384 (1.05x) and ~17.5 us at D = 2048 (1.09x).")
      .prediction(fuselab::faster_than("sinusoidal/v011_split_d_tuned", 1.04, {"b1_h4_s64_d2048", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS)))
      .kernel("partial_scores_tuned_sin_reduced", (const void*)&a::partial_scores_kernel<k::Pe>)
      .kernel("softmax_after", (const void*)&a::softmax_after_kernel)
      .kernel("pv_tuned", (const void*)&a::pv_kernel)
      .launch(&k::launch, &a::workspace_bytes);
}
