// attention/v025_cluster_fused_wgmma — v024's products in one launch, a cluster per head (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v025_cluster_fused_wgmma.cuh"

FUSELAB_EXPERIMENT(attention, v025_cluster_fused_wgmma) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v024_wgmma_pv_register_a")
      .hypothesis(
          "v024's three launches leave DRAM idle at their seams: the softmax phase (6.4 us "
          "under ncu at D = 16384, latency-bound) and phase 3's V reads that start only once P "
          "is known. Its bytes at D = 16384 (67 MB) move in 28.4 us cold at copy bandwidth, "
          "against 43.8 us for v024. One launch with a cluster of 16 per head keeps every seam "
          "on chip: partials and P through DSMEM, V prefetched into L2 during phase 1, Q/K "
          "rows prefetched into L2 ahead of a 4-stage cp.async ring (64 blocks hold ~12 MB in "
          "flight). Estimates (cold): ~33 us at D = 16384, ~19 us at 8192, ~8 us at 2048 (the "
          "launch floor 2.9 us + ~2 us of DRAM + two cluster barriers + one phase-3 step). "
          "Risk: 64 blocks on 64 SMs must each pull ~40 GB/s; if one SM cannot, phase 1 is "
          "bound per SM and the gain shrinks at D >= 8192. Declared: 1.2x over v024 at D = "
          "2048, 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v024_wgmma_pv_register_a", 1.2,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("fused_cluster_wgmma", (const void*)&a::v025::fused_kernel<a::v002::NoPe>)
      .launch(&a::v025::launch);
}
