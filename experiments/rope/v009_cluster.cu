// rope/v009_cluster — attention v003's one-launch design with RoPE fused (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v009_cluster.cuh"

FUSELAB_EXPERIMENT(rope, v009_cluster) {
  namespace k = fuselab::kernels::rope::v008;
  namespace a = fuselab::kernels::attention::v003;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits(
      {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kKeys);
  return fuselab::Experiment{}
      .parent("rope/v008_split_d")
      .hypothesis(
          "v008's split-D design in one launch (attention v003: cluster reduction through DSMEM, "
          "4-stage cp.async ring), Q and K rotated in shared memory as each tile lands: each K "
          "element is rotated twice at Sq = 64 (once per 32-row query slice), Q once. Rotation "
          "costs ~25% more phase-1 issue, mostly hidden behind DRAM. Estimates (cold, neox): "
          "~4.5 us at D = 128, ~7 us at D = 2048, ~33 us at D = 16384 (v008: 13.2, 18.9, 59.2).")
      .prediction(fuselab::faster_than("rope/v008_split_d", 1.5,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d2048_neox", "b1_h4_s64_d16384_neox"}))
      .limits(lim)
      .kernel("cluster_kernel_rope_neox", (const void*)&a::cluster_kernel<k::RopeSplitPe<true>>)
      .kernel("cluster_kernel_rope_inter", (const void*)&a::cluster_kernel<k::RopeSplitPe<false>>)
      .launch(&fuselab::kernels::rope::v009::launch);
}
