// attention/v094_p_before_v — v082 with phase 3 loading P before it puts V in flight (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v094_p_before_v.cuh"

FUSELAB_EXPERIMENT(attention, v094_p_before_v) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "At D >= 8192 v082's phase-3 blocks start only as phase 2's leave, so P is complete when "
          "they begin, yet they put V in flight first: at D = 16384 a thread issues V until ~31.4 "
          "us, P's loads then queue behind V (P in shared memory at 32.8), and each step's products "
          "and O stores (~2.2 us) follow after all of V has landed (timelines 1107Z, 1358Z). "
          "Loading P first puts it in shared memory by ~25 us and lets step 0 be taken as its V "
          "lands, under step 1's arrival: up to ~2 us at 16384 if V's arrival is not what sets the "
          "end, ~0.5 at 8192 (one step a block). Halved: 1.02x over v082 at D = 8192 and 16384 "
          "(~26.1 and ~40.0 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p_before_v", (const void*)a::v094::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v094::launch, &a::v094::workspace_bytes);
}
