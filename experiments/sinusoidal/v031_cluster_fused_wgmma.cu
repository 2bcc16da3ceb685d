// sinusoidal/v031_cluster_fused_wgmma — v017's PE on attention v025 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v031_cluster_fused_wgmma.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v031_cluster_fused_wgmma) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v030_wgmma_pv_register_a")
      .hypothesis(
          "Attention v025 runs v024's products in one launch with a cluster per head, DSMEM "
          "for the partials and P, and V prefetched into L2 during phase 1; predicted 1.2x "
          "over v024 at D = 2048, 8192 and 16384. The PE is added as each Q/K sub-tile lands "
          "(once per element, as in v030) and costs ~3 % there, so the same gain should carry "
          "over: 1.2x over v030 at the same shapes (~37 us at D = 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v030_wgmma_pv_register_a", 1.2,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("fused_cluster_wgmma_sin_reduced", (const void*)&a::v025::fused_kernel<k::Pe>)
      .launch(&fuselab::kernels::sinusoidal::v031::launch);
}
