// attention/v081_phase1_fp16_split — v050 with phase 1's products as 3xFP16 (see the kernel file).
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "harness/core/registry.h"
#include "kernels/attention/v081_phase1_fp16_split.cuh"

FUSELAB_EXPERIMENT(attention, v081_phase1_fp16_split) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v050_early_triggers")
      .hypothesis(R"(
          Timed alone, v050's phase 1 runs 3.9 us over its own loader's reads at D = 16384
          (25.47 against 21.60) and 2.4 us at 8192 (call 0726Z): about its tensor time, 805 M
          tf32 multiply-adds at 16384, >= 3.3 us at the H100's dense tf32 rate (1.6 us at 8192).
          fp16 parts keep tf32's 11 significant bits and multiply at twice the rate, so 3xFP16
          halves the products (6 wgmma a sub-tile instead of 12) for ~1 more instruction per
          value in the split. If the products sit on phase 1's path, it loses ~1.6 us at 16384
          and ~0.8 at 8192; through the pipeline, predicted 1.03x over v050 at both (~40 and
          ~26.9 us). Error: as 3xTF32 (~2^-22 per product) within fp16's range.)")
      .prediction(fuselab::faster_than("attention/v050_early_triggers", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::early_triggers::kPhase3))
      .launch(&a::v081::launch, &a::v081::workspace_bytes);
}
