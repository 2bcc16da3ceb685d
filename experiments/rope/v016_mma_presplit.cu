// rope/v016_mma_presplit — v015 on attention v010 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v016_mma_presplit.cuh"

FUSELAB_EXPERIMENT(rope, v016_mma_presplit) {
  namespace a = fuselab::kernels::attention::v007;
  namespace o = fuselab::kernels::attention::v010;
  namespace k = fuselab::kernels::rope::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits(
      {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS);
  return fuselab::Experiment{}
      .parent("rope/v015_mma_interleaved")
      .hypothesis(
          "Attention v010's once-per-element operand split with the rotation applied in that "
          "same pass. Expect the attention gain, ~1.3x over v015 at D = 8192 and 16384, both "
          "pairings.")
      .prediction(fuselab::faster_than("rope/v015_mma_interleaved", 1.25,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(lim)
      .kernel("presplit_rope_neox", (const void*)o::kernel<k::RopeSplitPe<true>>)
      .kernel("presplit_rope_inter", (const void*)o::kernel<k::RopeSplitPe<false>>)
      .launch(&fuselab::kernels::rope::v016::launch, &a::workspace_bytes);
}
