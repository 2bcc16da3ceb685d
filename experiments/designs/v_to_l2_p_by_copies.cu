// Design v_to_l2_p_by_copies (attention v105, sinusoidal v118, rope v121): one
// kernel design (kernels/designs/v_to_l2_p_by_copies.cuh), declared here for
// each PE kind it runs, each declaration as it was written before its numbers
// existed.
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/attention/v105_v_to_l2_p_by_copies.cuh"
#include "kernels/sinusoidal/v118_v_to_l2_p_by_copies.cuh"
#include "kernels/rope/v121_v_to_l2_p_by_copies.cuh"

FUSELAB_EXPERIMENT(attention, v105_v_to_l2_p_by_copies) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(R"(
          v089 (each phase-1 block sends a share of V to L2 as it ends) gained 1.036x over v082
          at D = 8192, where every tensor fits in L2, and lost 0.4 % at 16384, where its reads
          took DRAM time from phase 1's last blocks. v082's phase 3 waited on P, which landed
          behind V; v103's waits on V (timeline 1728Z at 8192: V's only step lands at 19.7 us,
          median block, 1.3 us after P), so V found in L2 should shorten it more than it did
          v082's: predicted 1.03x over v103 at D = 8192 (~24.5 us). At 16384 phase 1's loss
          should stay; no gain is declared there.)")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.03, {"b1_h4_s64_d8192"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_v_to_l2",
              (const void*)a::v_to_l2_as_phase1_ends::kPhase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::attention::v105::launch, &fuselab::kernels::attention::v105::workspace_bytes);
}

FUSELAB_EXPERIMENT(sinusoidal, v118_v_to_l2_p_by_copies) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::register_qk_shared_pe;
  return fuselab::Experiment{}
      .parent("sinusoidal/v116_p_by_async_copies")
      .hypothesis(R"(
          Attention v105 puts v089's phase 1 (V sent to L2 as each block ends) under v103's
          phase 3, which waits on V rather than on P, predicted 1.03x over v103 at D = 8192,
          where every tensor fits in L2. The PE is all in phase 1, whose products and loads are
          unchanged: the same 1.03x over v116 at 8192 (~24.9 us); no gain is declared at 16384.)")
      .prediction(fuselab::faster_than("sinusoidal/v116_p_by_async_copies", 1.03,
                                       {"b1_h4_s64_d8192"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v_to_l2_as_phase1_ends::kPhase1<k::Pe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::sinusoidal::v118::launch, &fuselab::kernels::attention::v_to_l2_p_by_copies::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v121_v_to_l2_p_by_copies) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(R"(
          Attention v105 puts v089's phase 1 (V sent to L2 as each block ends) under v103's
          phase 3, which waits on V rather than on P, predicted 1.03x over v103 at D = 8192,
          where every tensor fits in L2. The rotation is all in phase 1, whose products and
          loads are unchanged: the same 1.03x over v119, neox, at 8192 (~25.8 us); no gain is
          declared at 16384.)")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.03,
                                       {"b1_h4_s64_d8192_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_phase1<a::v_to_l2_as_phase1_ends::Recipe>("fp16_split_qk_shared_triggered_v_to_l2"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::rope::v121::launch, &fuselab::kernels::attention::v_to_l2_p_by_copies::workspace_bytes);
}
