// rope/v012_split_d_tuned — v008 on attention v006's tuned phases (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v012_split_d_tuned.cuh"

FUSELAB_EXPERIMENT(rope, v012_split_d_tuned) {
  namespace a = fuselab::kernels::attention::v006;
  namespace k = fuselab::kernels::rope::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits(
      {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS);
  return fuselab::Experiment{}
      .parent("rope/v008_split_d")
      .hypothesis(
          "v008 on attention v006's tuned phases (conflict-free full-sector loads, "
          "double-buffered tiles, operands one step ahead, programmatic dependent launch); a "
          "neox warp loads 8 low and the same 8 high dims of one tensor and rotates them "
          "together. Expect ~1.3x: ~46 us at D = 16384 (v008: 61 us), ~15 us at D = 2048 "
          "(v008: 19 us).")
      .prediction(fuselab::faster_than("rope/v008_split_d", 1.25, {"b1_h4_s64_d2048_neox", "b1_h4_s64_d16384_neox"}))
      .limits(lim)
      .kernel("partial_scores_tuned_rope_neox", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<true>>)
      .kernel("partial_scores_tuned_rope_inter", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<false>>)
      .kernel("softmax_after", (const void*)&a::softmax_after_kernel)
      .kernel("pv_tuned", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::rope::v012::launch, &a::workspace_bytes);
}
