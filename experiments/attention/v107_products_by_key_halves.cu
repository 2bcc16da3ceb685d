// attention/v107_products_by_key_halves — v106 with each phase-3 step's products begun as its first 32 keys of V land (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v107_products_by_key_halves.cuh"

FUSELAB_EXPERIMENT(attention, v107_products_by_key_halves) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v106_max_shared_carveout")
      .hypothesis(
          "In v103's timeline (1728Z, D = 16384) a phase-3 block is done 1.5-1.8 us after its last "
          "V step has landed (latest block 35.71 -> 37.18 us): all of the step's products (12 "
          "dependent fp16 wgmma in two batches) and O's stores follow its last byte. A block's V "
          "lands at ~7 KB/us, so the first 32 keys of a step (16 KB, asked for first) land ~2 us "
          "before the rest. With each half its own cp.async group and the first batch of products "
          "run as it lands, about half of the products leaves the end: if they are ~0.8 us of the "
          "1.5-1.8, the last block ends ~0.4 us sooner: 1.01x over v106 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v106_max_shared_carveout", 1.01,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_max_shared",
              (const void*)a::v107::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_max_shared",
              (const void*)&a::v050::row_softmax_kernel<true, a::v106::MaxSharedRows>)
      .kernel("row_softmax_16_in_flight_coherent_max_shared",
              (const void*)&a::v050::row_softmax_kernel<false, a::v106::MaxSharedRows>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_products_by_key_halves", (const void*)a::v107::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v107::launch, &a::v107::workspace_bytes);
}
