// Design softmax_in_phase1 (sinusoidal v124, rope v127): one kernel design
// (kernels/designs/softmax_in_phase1.cuh), declared here for each PE kind it
// runs, each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v124_softmax_in_phase1.cuh"
#include "kernels/rope/v127_softmax_in_phase1.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v124_softmax_in_phase1) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::register_qk_shared_pe;
  return fuselab::Experiment{}
      .parent("sinusoidal/v116_p_by_async_copies")
      .hypothesis(R"(
          Attention v111 lets phase 1's blocks take the softmax rows after a counting barrier
          per head, in place of phase 2's launch: one grid release and phase 2's start fewer
          between phase 1's last block and phase 3 (3.3 us in v103's timeline at D = 16384),
          predicted 1.02x over v103 at D = 8192 and 16384. The PE is all in phase 1 before its
          partials, unchanged: the same 1.02x over v116 at both (~24.7 and ~37.7 us; 60 % of the
          copy ceiling at 16384 is ~37.3).)")
      .prediction(fuselab::faster_than("sinusoidal/v116_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_head_barrier_rows",
              (const void*)a::softmax_in_phase1::kPhase1<k::Pe, a::row_loader::RowQkSubTiles>)
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::phase1_fp16_split::kPhase1<k::Pe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::sinusoidal::v124::launch, &fuselab::kernels::attention::softmax_in_phase1::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v127_softmax_in_phase1) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(R"(
          Attention v111 lets phase 1's blocks take the softmax rows after a counting barrier
          per head, in place of phase 2's launch: one grid release and phase 2's start fewer
          between phase 1's last block and phase 3 (3.3 us in v103's timeline at D = 16384),
          predicted 1.02x over v103 at D = 8192 and 16384. The rotation is all in phase 1 before
          its partials, unchanged: the same 1.02x over v119, neox, at both (~25.8 and ~40.3 us).)")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_phase1<a::softmax_in_phase1::Recipe>("fp16_split_qk_shared_triggered_head_barrier_rows"))
      .kernels(fuselab::experiments::shared_rope_phase1<a::phase1_fp16_split::Recipe>("fp16_split_qk_shared_triggered"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::rope::v127::launch, &fuselab::kernels::attention::softmax_in_phase1::workspace_bytes);
}
