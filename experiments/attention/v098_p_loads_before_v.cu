// attention/v098_p_loads_before_v — v082 with phase 3's P loads issued ahead of its V (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v098_p_loads_before_v.cuh"

FUSELAB_EXPERIMENT(attention, v098_p_loads_before_v) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "Timed after a read of Q and K (the pipeline's state when phase 3 runs), v082's phase 3 "
          "takes ~15 us against ~9 for a plain V -> O copy, and ~11 with P made in shared memory "
          "instead of read (probe split_d_pv_traffic after_qk, calls 1532Z and 1535Z): P's loads, "
          "issued after the block's 64 KB of V, wait behind it (P in shared memory at 33.3 us, "
          "median block, in v082's timeline at 16384), and the products (>= 3.4 us of fp16 tensor "
          "time an SM) only start then. P is complete when phase 3's blocks begin at D >= 8192, so "
          "its loads can go out first with V right behind them, not waiting for P. If P then lands "
          "within ~2 us, the products of step 0 run while step 1 lands: about half of the probe's "
          "4 us at 16384 and 8192. Declared: 1.03x over v082 at D = 8192 and 16384 (~26 and ~39.5 "
          "us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_fetched_first", (const void*)a::v098::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v098::launch, &a::v098::workspace_bytes);
}
