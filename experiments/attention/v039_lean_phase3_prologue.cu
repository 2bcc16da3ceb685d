// attention/v039_lean_phase3_prologue — v032 with phase 3's V addresses stepped and P split by masking (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"

FUSELAB_EXPERIMENT(attention, v039_lean_phase3_prologue) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "Phase 3 at D = 16384 runs ~1650 instructions per warp (ncu: 3.39 M, 18.2 us, 31 % "
          "issue). Its SASS has 873 instructions before the first step against 507 per step, "
          "and a block runs two steps: the prologue (V's cp.async addresses formed anew for "
          "each 16-byte piece, P's split by cvt.rna) is a large share. One row pointer per "
          "thread stepping 8 keys, and P split by masking, should take ~300 instructions per "
          "warp off (~18 %): ~2 us under ncu, ~1 us cold at D = 8192 and 16384, 1.03x over "
          "v032 at both. Below one wave (D = 2048) phase 3 is v006's: no change.")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v039::launch, &a::v039::workspace_bytes);
}
