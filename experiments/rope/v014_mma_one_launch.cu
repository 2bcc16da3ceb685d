// rope/v014_mma_one_launch — v013 in one cooperative launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v014_mma_one_launch.cuh"

FUSELAB_EXPERIMENT(rope, v014_mma_one_launch) {
  namespace a = fuselab::kernels::attention::v007;
  namespace o = fuselab::kernels::attention::v008;
  namespace k = fuselab::kernels::rope::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits(
      {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS);
  return fuselab::Experiment{}
      .parent("rope/v013_mma_split_d")
      .hypothesis(
          "As attention v008 over v007: one cooperative launch with two grid barriers instead "
          "of three cold launches removes the fixed cost that dominates small and middle D "
          "(split-D versions: 12-14 us cold at 1x4x64x128). Estimates ~6 us at D = 128 (target "
          "4), ~9 us at D = 2048 (target 9), both pairings.")
      .prediction(fuselab::faster_than("rope/v013_mma_split_d", 1.4, {"b1_h4_s64_d128_neox", "b1_h4_s64_d2048_neox"}))
      .limits(lim)
      .kernel("one_launch_rope_neox", (const void*)o::kernel<k::RopeSplitPe<true>>)
      .kernel("one_launch_rope_inter", (const void*)o::kernel<k::RopeSplitPe<false>>)
      .launch(&fuselab::kernels::rope::v014::launch, &a::workspace_bytes);
}
