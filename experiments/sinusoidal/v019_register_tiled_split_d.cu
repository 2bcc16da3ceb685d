// sinusoidal/v019_register_tiled_split_d — v017's PE on attention v013 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v019_register_tiled_split_d.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v019_register_tiled_split_d) {
  namespace a = fuselab::kernels::attention::v013;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v017_split_d_reduced_sincos")
      .hypothesis(
          "v017 adds the PE to attention v006's phases at 1.7-4 % over v006 at D >= 8192 "
          "(run 20261121T0447). Attention v013 replaces v006's 4x4 register tiles with 8x8 in "
          "phases 1 and 3, predicted 1.2-1.25x at D >= 8192 because both phases wait on shared "
          "memory, not DRAM. The PE work (in phase 1's loader) is unchanged, so the same gain "
          "should carry over: ~46 us at D = 16384 (v017: 57.4) and ~30 us at D = 8192 "
          "(v017: 37.6).")
      .prediction(fuselab::faster_than("sinusoidal/v017_split_d_reduced_sincos", 1.2, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS)))
      .kernel("partial_scores_8x8_sin_reduced", (const void*)&a::partial_scores_kernel<k::Pe>)
      .kernel("softmax_after", (const void*)&fuselab::kernels::attention::v006::softmax_after_kernel)
      .kernel("pv_8x8", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v019::launch, &a::workspace_bytes);
}
