// rope/v064_v_resident_two_per_sm — v050's rotation on attention v052 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v064_v_resident_two_per_sm.cuh"

FUSELAB_EXPERIMENT(rope, v064_v_resident_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v063_v_resident")
      .hypothesis(
          "Attention v052 keeps v039's phase 1 (two blocks per SM) and reads half of V during "
          "it and half during the barrier and the softmax, predicted 1.08x over v039 at "
          "D = 8192 and 16384. v050's phase 1 carries the rotation and is v039's otherwise, the "
          "rest is attention's: the same 1.08x over v050, neox, at both (~41.5 us or less at "
          "16384).")
      .prediction(fuselab::faster_than("rope/v050_lean_phase3_prologue", 1.08,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("resident_v_two_per_sm_one_launch_rope_neox_reduced_qk_shared",
              (const void*)a::v052::kKernel<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("resident_v_two_per_sm_one_launch_rope_inter_reduced_qk_shared",
              (const void*)a::v052::kKernel<Inter, a::v020::SpreadRowQkSubTiles>)
      .launch(&fuselab::kernels::rope::v064::launch, &a::v052::workspace_bytes);
}
