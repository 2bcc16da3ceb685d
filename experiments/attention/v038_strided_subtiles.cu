// attention/v038_strided_subtiles — v032 with phase 1's sub-tiles dealt out strided across a head's blocks (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v038_strided_subtiles.cuh"

FUSELAB_EXPERIMENT(attention, v038_strided_subtiles) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "Phase 1 stays at ~48 % of DRAM peak at D = 16384 whether its rows are requested at "
          "once (v036, 47 %) or covered by more warps (v037, 50 %), so neither latency nor "
          "requests in flight limit it; the order DRAM sees does. With contiguous sub-tile "
          "ranges the head's 64 blocks read 128-byte pieces 1 KB apart at each step; dealt out "
          "strided, they read one 8 KB run of every row. If row-buffer locality is the limit, "
          "phase 1 reaches ~60 % of peak: ~3 us less at D = 16384 and ~1.5 us at 8192, 1.05x "
          "over v032 at both. At 2048 a block has one sub-tile: no change.")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.05, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_strided",
              (const void*)a::v038::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v038::launch, &a::v038::workspace_bytes);
}
