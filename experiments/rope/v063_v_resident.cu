// rope/v063_v_resident — v050's rotation on attention v051 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v063_v_resident.cuh"

FUSELAB_EXPERIMENT(rope, v063_v_resident) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v050_lean_phase3_prologue")
      .hypothesis(
          "Attention v051 reads V into each block's shared memory during phase 1 (one block "
          "per SM, one cooperative launch), so phase 3 no longer reads V after the scores; "
          "predicted 1.10x over v039 at D = 8192 and 16384. The rotation lives in phase 1's "
          "loader, which v051 runs two sub-tiles ahead and otherwise unchanged: the same 1.10x "
          "over v050, neox, at both (~40 us or less at 16384).")
      .prediction(fuselab::faster_than("rope/v050_lean_phase3_prologue", 1.10,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("resident_v_one_launch_rope_neox_reduced_qk_shared",
              (const void*)a::v051::kKernel<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("resident_v_one_launch_rope_inter_reduced_qk_shared",
              (const void*)a::v051::kKernel<Inter, a::v020::SpreadRowQkSubTiles>)
      .launch(&fuselab::kernels::rope::v063::launch, &a::v051::workspace_bytes);
}
