// attention/v091_discard_partials — v082 with the partial score tiles dropped from L2 after phase 2 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v091_discard_partials.cuh"

FUSELAB_EXPERIMENT(attention, v091_discard_partials) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "v089 and v090 showed phase 3 at D = 16384 bound by DRAM: V arrives at the same rate "
          "however it is read. Phase 1's 4 MB of partial tiles are scratch, dirty in L2; what of "
          "them phase 3's allocations evict is written back for nothing (v039's phase 3 wrote 2.6 MB "
          "back with the flush's lines clean, note of 2026-11-25 14:20). Discarded after phase 2, "
          "~2.6 MB less write-back at ~2.5 TB/s is ~1 us: predicted 1.02x over v082 at D = 16384 "
          "(~40 us). At 8192 every tensor and the tiles fit in L2 beside each other, and the tiles "
          "are likely never evicted: no gain expected there.")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.02, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_discard",
              (const void*)&a::v050::row_softmax_kernel<true, a::v091::DiscardPartials>)
      .kernel("row_softmax_16_in_flight_coherent_discard", (const void*)&a::v050::row_softmax_kernel<false, a::v091::DiscardPartials>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v091::launch, &a::v091::workspace_bytes);
}
