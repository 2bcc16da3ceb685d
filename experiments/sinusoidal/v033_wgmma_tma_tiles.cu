// sinusoidal/v033_wgmma_tma_tiles — v017's PE on attention v027 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v033_wgmma_tma_tiles.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v033_wgmma_tma_tiles) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v030_wgmma_pv_register_a")
      .hypothesis(
          "Attention v027 lands phase 1's tiles by TMA, three sub-tiles in flight per block, "
          "and splits each float4 where it landed; predicted 1.10x over v024 at D >= 8192. The "
          "PE is applied to the same float4s before the split, at the (row, dim) the swizzle "
          "put there: the same sin/cos work as v030, on fewer instructions around it. Expect "
          "the same gain: 1.10x over v030 at D = 8192 and 16384 (~42 us at D = 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v030_wgmma_pv_register_a", 1.10,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("tma_scores_sin_reduced", (const void*)&a::v027::tma_scores_kernel<k::Pe>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v033::launch, &a::v027::workspace_bytes);
}
