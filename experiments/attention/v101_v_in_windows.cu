// attention/v101_v_in_windows — v082 with phase 3's V asked for in windows of half a step (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v101_v_in_windows.cuh"

FUSELAB_EXPERIMENT(attention, v101_v_in_windows) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "In v082's phase 3 every block asks for all its V (64 KB at D = 16384, two blocks per "
          "SM) as it begins; its threads are held issuing those copies for ~7 us (4.5 at 8192) and "
          "P's loads, behind them, land 8.7 us after phase 3 began (timeline 1107Z), so O's stores "
          "bunch up at the end. P first in the block (v098) lost because the SM's other block had "
          "already filled the queue; P with no V anywhere (v099) left DRAM idle. Here a block asks "
          "for half a step of V (16 KB), then P, and keeps two halves in flight only once P has "
          "landed: P waits behind ~4 MB of V instead of ~17 MB, and V keeps ~8 MB in flight, which "
          "should hold DRAM's rate. If P lands ~3 us after phase 3 begins, step 0's products and "
          "stores run while step 1 lands. At 8192 (one step a block) P lands ~3 us sooner and the "
          "last block should be done ~2.5 us sooner (1.09x), at 16384 ~1 us (1.025x). Declared, for "
          "the risk that V's rate drops with less in flight: 1.02x over v082 at D = 8192 and 16384 "
          "(~26.1 and ~39.9 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_v_in_half_step_windows", (const void*)a::v101::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v101::launch, &a::v101::workspace_bytes);
}
