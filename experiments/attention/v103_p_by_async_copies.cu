// attention/v103_p_by_async_copies — v082 with phase 3's P fetched by cp.async ahead of V (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v103_p_by_async_copies.cuh"

FUSELAB_EXPERIMENT(attention, v103_p_by_async_copies) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "The split-D timeline with phase 3's P made in shared memory instead of read (v082-uniform-p, "
          "call 1725Z) ends 1.7 us sooner at D = 16384 and 1.9 us at 8192, and its threads finish "
          "asking for V in 1.3 us (median block) against 7.4 in v082, whose P loads into registers "
          "follow its V copies; with the loads issued first and a barrier (v102) V still landed "
          "later (its last step at 38.1 us against 37.1). So loads into registers hold the copies "
          "back in the SM's queue. Here P is one more group of copies, asked for before V's two: no "
          "load into registers in phase 3, and P lands ahead of V. If it comes within ~1 us of the "
          "made-in-shared-memory timeline, the pipeline gains ~1 us at 16384 (1.025x) and ~1.3 at "
          "8192 (1.05x); declared for both, allowing for P landing behind the SM partner's V: 1.02x "
          "over v082 at D = 8192 and 16384 (~26.2 and ~39.9 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v103::launch, &a::v103::workspace_bytes);
}
