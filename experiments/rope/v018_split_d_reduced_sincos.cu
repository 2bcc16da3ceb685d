// rope/v018_split_d_reduced_sincos — v012 with reduced __sincosf (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v018_split_d_reduced_sincos.cuh"

FUSELAB_EXPERIMENT(rope, v018_split_d_reduced_sincos) {
  namespace a = fuselab::kernels::attention::v006;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v012_split_d_tuned")
      .hypothesis(
          "v012 measured ~59.7 / ~18.8 us (neox) at D = 16384 / 2048 against attention v006's "
          "55.0 / 16.8 for the same phases without rotation: 8 % and 12 %. Phase 1 evaluates an "
          "accurate sincosf per dimension pair of every Q and K row, ~40 instructions each. The "
          "reduced angle and the SFU's __sincosf (~6 instructions, two SFU ops) should remove "
          "most of that: ~56.5 us at D = 16384 (1.05x) and ~17.3 us at D = 2048 (1.08x).")
      .prediction(fuselab::faster_than("rope/v012_split_d_tuned", 1.04, {"b1_h4_s64_d2048_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS)))
      .kernel("partial_scores_tuned_rope_neox_reduced", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("partial_scores_tuned_rope_inter_reduced", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<false, kReduced>>)
      .kernel("softmax_after", (const void*)&a::softmax_after_kernel)
      .kernel("pv_tuned", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::rope::v018::launch, &a::workspace_bytes);
}
