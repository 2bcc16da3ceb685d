// sinusoidal/v027_wgmma_v_in_l2 — v017's PE on attention v021 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v027_wgmma_v_in_l2.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v027_wgmma_v_in_l2) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v025_wgmma_scores_and_pv")
      .hypothesis(
          "Attention v021 brings V into L2 during phase 1 (Q and K evict-first) so that phase 3 "
          "reads it from L2, predicted ~1.1x over v019 at D = 16384. The PE is applied in phase "
          "1's loader and touches no memory, so the same gain should carry over: 1.08x over "
          "v025 at D >= 8192.")
      .prediction(fuselab::faster_than("sinusoidal/v025_wgmma_scores_and_pv", 1.08, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_v_in_l2_sin_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v021::EvictFirstQkSubTiles, a::v021::kPrefetchV>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v027::launch, &a::v021::workspace_bytes);
}
