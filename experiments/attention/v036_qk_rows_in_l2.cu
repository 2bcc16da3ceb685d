// attention/v036_qk_rows_in_l2 — v032 with each phase-1 block's Q and K rows prefetched into L2 at its start (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v036_qk_rows_in_l2.cuh"

FUSELAB_EXPERIMENT(attention, v036_qk_rows_in_l2) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "Phase 1 at D = 16384 runs at 33 % issue with 4.0 cycles of long-scoreboard stall per "
          "instruction and 48 % of DRAM peak (ncu, v034's phase 1 = v030's loop): each block has "
          "one 16 KB sub-tile in flight. Requesting the block's whole Q and K rows into L2 at "
          "its start (one bulk prefetch per row: 128 x 1 KB at 16384, 512 B at 8192) puts all "
          "of its bytes in flight as long runs, and the loader's loads then hit L2. Expect "
          "phase 1 ~2 us faster at D = 16384 and ~1 us at 8192: 1.04x over v032 at both. "
          "At 2048 a block has one sub-tile: no change.")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_qk_in_l2",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit, a::v017::PartialsOut, true>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v036::launch, &a::v036::workspace_bytes);
}
