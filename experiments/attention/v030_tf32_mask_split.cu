// attention/v030_tf32_mask_split — v029 with the 3xTF32 split by masking in phases 1 and 3 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v030_tf32_mask_split.cuh"

FUSELAB_EXPERIMENT(attention, v030_tf32_mask_split) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v029_softmax_loads_in_flight")
      .hypothesis(
          "ncu at D = 16384: phase 1 (7.6 M instructions, issuing 45 % of the time) and phase 3 "
          "(4.1 M, 31 %) are latency-bound streams of instructions, and cvt.rna.tf32 is four "
          "SASS instructions, so a rounded split costs ~9 per value. Masking (big = x with 13 "
          "bits cleared, small = x - big, exact) costs two: ~1.8 M fewer in phase 1 (24 %) and "
          "~0.9 M in phase 3 (23 %). If time follows instructions at half that rate, ~2.5 us "
          "comes off each phase under ncu: 1.06x over v029 at D = 8192 and 16384. Accuracy: "
          "the per-product error bound grows from ~2^-22 to ~2^-20; every case should still "
          "pass 5e-5 (largest today: 3.1e-6 plain at D = 16384).")
      .prediction(fuselab::faster_than("attention/v029_softmax_loads_in_flight", 1.06,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v030::launch, &a::v030::workspace_bytes);
}
