// attention/v033_pv_a_double_buffered — v032 with phase 3's A fragments double-buffered (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v033_pv_a_double_buffered.cuh"

FUSELAB_EXPERIMENT(attention, v033_pv_a_double_buffered) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "Phase 3 takes 18.2 us under ncu at D = 16384 with neither its V latency, its "
          "instruction count nor its O staging setting that time. Per step each warpgroup runs "
          "4 batches of [load and split 2 k-steps of A fragments, 6 wgmma, wait for all]: the "
          "products' latency is exposed 4 times a step, and the SM's tensor work (~6 k cycles "
          "at D = 16384) never overlaps the fragment loads. Double-buffering the fragments per "
          "k-step (wait for all but the newest group) overlaps them: ~2 us less under ncu, "
          "1.04x over v032 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_pipelined_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v033::launch, &a::v033::workspace_bytes);
}
