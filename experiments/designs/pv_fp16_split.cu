// Design pv_fp16_split (attention v082, rope v099): one kernel design
// (kernels/designs/pv_fp16_split.cuh), declared here for each PE kind it runs,
// each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/rope/v099_pv_fp16_split.cuh"

FUSELAB_EXPERIMENT(attention, v082_pv_fp16_split) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v081_phase1_fp16_split")
      .hypothesis(R"(
          v081 halved phase 1's tensor work and gained nothing: phase 1's products overlap its
          next sub-tile's reads. Phase 3's do not: they wait for P, with V already landed (v050
          puts V in flight before phase 2 ends), then O is stored. Alone, phase 3 runs ~6 us
          over the fastest pattern moving its bytes at D = 16384 (call 0726Z), and its 3xTF32
          products are >= 3.3 us at the dense tf32 rate. 3xFP16 halves them (12 wgmma a 128-dim
          step instead of 24): if they sit on the chain's last stretch, ~1.2 us off at 16384 and
          ~0.6 at 8192, predicted 1.02x over v081 at both (~40.3 and ~26.5 us).)")
      .prediction(fuselab::faster_than("attention/v081_phase1_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::phase1_fp16_split::kPhase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3))
      .launch(&fuselab::kernels::attention::v082::launch, &fuselab::kernels::attention::v082::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v099_pv_fp16_split) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v098_phase1_fp16_split")
      .hypothesis(R"(
          Attention v082 takes phase 3's products as 3xFP16 too, predicted 1.02x over v081 at D
          = 8192 and 16384: they wait for P and run on the chain's last stretch, unlike phase
          1's. The rotation is all in phase 1: the same 1.02x over v098, neox, at both (~43.4
          and ~28.0 us).)")
      .prediction(fuselab::faster_than("rope/v098_phase1_fp16_split", 1.02,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_phase1<a::phase1_fp16_split::Recipe>("fp16_split_qk_shared_triggered"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::pv_fp16_split::kPhase3))
      .launch(&fuselab::kernels::rope::v099::launch, &fuselab::kernels::attention::pv_fp16_split::workspace_bytes);
}
