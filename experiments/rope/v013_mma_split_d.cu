// rope/v013_mma_split_d — v008's rotation on attention v007's tensor-core phases (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v013_mma_split_d.cuh"

FUSELAB_EXPERIMENT(rope, v013_mma_split_d) {
  namespace a = fuselab::kernels::attention::v007;
  namespace k = fuselab::kernels::rope::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits(
      {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS);
  return fuselab::Experiment{}
      .parent("rope/v012_split_d_tuned")
      .hypothesis(
          "Attention v007's tensor-core phases (3xTF32) make split-D DRAM-bound (estimate ~28 us "
          "at 1x4x64x16384 without PE). Each Q and K element is still rotated once per query "
          "head (4.2 M accurate sincosf pairs at D = 16384), now in shared memory as its tile "
          "lands, with issue slack to hide it: +~4 us. Estimate ~32 us at D = 16384 (v012: "
          "60 us), ~18 us at D = 8192 (v012: 38 us), both pairings.")
      .prediction(fuselab::faster_than("rope/v012_split_d_tuned", 1.4, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(lim)
      .kernel("partial_scores_mma_rope_neox", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<true>>)
      .kernel("partial_scores_mma_rope_inter", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<false>>)
      .kernel("softmax_rows", (const void*)&a::softmax_kernel)
      .kernel("pv_mma", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::rope::v013::launch, &a::workspace_bytes);
}
