// Design lean_pv_prologue (attention v039, sinusoidal v048, rope v050): one
// kernel design (kernels/designs/lean_pv_prologue.cuh), declared here for each
// PE kind it runs, each declaration as it was written before its numbers
// existed.
#include "experiments/common/limits.h"
#include "experiments/common/mask_split_kernels.h"
#include "harness/core/registry.h"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/sinusoidal/v048_lean_phase3_prologue.cuh"
#include "kernels/rope/v050_lean_phase3_prologue.cuh"

FUSELAB_EXPERIMENT(attention, v039_lean_phase3_prologue) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(R"(
          Phase 3 at D = 16384 runs ~1650 instructions per warp (ncu: 3.39 M, 18.2 us, 31 %
          issue). Its SASS has 873 instructions before the first step against 507 per step, and
          a block runs two steps: the prologue (V's cp.async addresses formed anew for each
          16-byte piece, P's split by cvt.rna) is a large share. One row pointer per thread
          stepping 8 keys, and P split by masking, should take ~300 instructions per warp off
          (~18 %): ~2 us under ncu, ~1 us cold at D = 8192 and 16384, 1.03x over v032 at both.
          Below one wave (D = 2048) phase 3 is v006's: no change.)")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              fuselab::experiments::mask_split_phase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>())
      .kernels(fuselab::experiments::untriggered_phases_2_3("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3))
      .launch(&fuselab::kernels::attention::v039::launch, &fuselab::kernels::attention::v039::workspace_bytes);
}

FUSELAB_EXPERIMENT(sinusoidal, v048_lean_phase3_prologue) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::register_qk_shared_pe;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(R"(
          Attention v039 trims phase 3's prologue (V addresses stepped, P split by masking),
          predicted 1.03x over v032 at D = 8192 and 16384. Phase 3 carries no PE: the same 1.03x
          over v041 at both (~41.4 us at 16384).)")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared",
              fuselab::experiments::mask_split_phase1<k::Pe, a::row_loader::RowQkSubTiles>())
      .kernels(fuselab::experiments::untriggered_phases_2_3("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::lean_pv_prologue::kPhase3))
      .launch(&fuselab::kernels::sinusoidal::v048::launch, &fuselab::kernels::attention::lean_pv_prologue::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v050_lean_phase3_prologue) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(R"(
          Attention v039 trims phase 3's prologue (V addresses stepped, P split by masking),
          predicted 1.03x over v032 at D = 8192 and 16384. Phase 3 carries no rotation: the same
          1.03x over v043, neox, at both (~44 us at 16384).)")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_mask_split_phase1())
      .kernels(fuselab::experiments::untriggered_phases_2_3("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::lean_pv_prologue::kPhase3))
      .launch(&fuselab::kernels::rope::v050::launch, &fuselab::kernels::attention::lean_pv_prologue::workspace_bytes);
}
