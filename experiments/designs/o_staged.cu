// Design o_staged (attention v110, rope v126): one kernel design
// (kernels/designs/o_staged.cuh), declared here for each PE kind it runs, each
// declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/attention/v110_o_staged.cuh"
#include "kernels/rope/v126_o_staged.cuh"

FUSELAB_EXPERIMENT(attention, v110_o_staged) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(R"(
          v109's bulk copies of O lengthened the time from a block's last V step to its end from
          1.5 to 3.4 us (timeline 0015Z, D = 16384) and lost 6-8 % paired: the store path sits
          on the pipeline's end. v103 stores O straight from the accumulators, 32 floats a
          thread: 256 warp stores a block per step, each touching 4 lines. Staged in the V
          buffer and stored as float4 row pieces (v028's path without kDirectO), a step takes 64
          warp stores of whole 512-byte pieces and 256 shared-memory stores, for two more
          barriers; v032 measured direct at 0.976x [0.958, 1.01] of staged at 8192 and 1.0x at
          16384 on an older phase 3. If the L1 store traffic at the tail drops by ~0.4 us: 1.01x
          over v103 at D = 8192 and 16384 (~24.8 and ~37.9 us).)")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.01,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::phase1_fp16_split::kPhase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_staged_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v110::kPhase3))
      .launch(&fuselab::kernels::attention::v110::launch, &fuselab::kernels::attention::v110::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v126_o_staged) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(R"(
          Attention v110 stages phase 3's O in shared memory and stores it as float4 row pieces
          instead of single floats from the accumulators, a quarter of the warp stores at the
          pipeline's end (v109's bulk copies made that end 1.9 us longer, timeline 0015Z),
          predicted 1.01x over v103 at D = 8192 and 16384. Phase 3 has no rotation: the same
          1.01x over v119, neox, at both (~26.2 and ~41.0 us).)")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.01,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_phase1<a::phase1_fp16_split::Recipe>("fp16_split_qk_shared_triggered"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_staged_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::o_staged::kPhase3))
      .launch(&fuselab::kernels::rope::v126::launch, &fuselab::kernels::attention::o_staged::workspace_bytes);
}
