// rope/v015_mma_interleaved — v014 on attention v009 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v015_mma_interleaved.cuh"

FUSELAB_EXPERIMENT(rope, v015_mma_interleaved) {
  namespace a = fuselab::kernels::attention::v007;
  namespace o = fuselab::kernels::attention::v009;
  namespace k = fuselab::kernels::rope::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits(
      {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS);
  return fuselab::Experiment{}
      .parent("rope/v014_mma_one_launch")
      .hypothesis(
          "Attention v009's two fixes (interleaved tiles for long DRAM runs, a block per softmax "
          "row) plus the rotation one tile ahead of the mma (v014 rotated between two barriers "
          "per tile: 30 % slower than attention v008 at D = 16384). Estimates: ~35 us at "
          "1x4x64x16384 (v014: 73 us), ~22 us at D = 8192 (46 us), ~13 us at D = 2048 (21 us), "
          "both pairings.")
      .prediction(fuselab::faster_than("rope/v014_mma_one_launch", 1.4,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(lim)
      .kernel("interleaved_rope_neox", (const void*)o::kernel<k::RopeSplitPe<true>>)
      .kernel("interleaved_rope_inter", (const void*)o::kernel<k::RopeSplitPe<false>>)
      .launch(&fuselab::kernels::rope::v015::launch, &a::workspace_bytes);
}
