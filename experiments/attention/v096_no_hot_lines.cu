// attention/v096_no_hot_lines — v093 with no line of its handover read by a whole head (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v096_no_hot_lines.cuh"

FUSELAB_EXPERIMENT(attention, v096_no_hot_lines) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v093_softmax_in_phase3")
      .hypothesis(
          "v093's timeline at D = 16384 (1358Z): its rows of P were stored by 26.9 us, the head "
          "barrier passed at 30.6-31.3 and P was in shared memory at 32.8-34.1, while its V had "
          "been in flight since 21.4. All 256 blocks add to and poll one 128-byte line of barrier "
          "words, and each head's 16 KB of P is read by its 64 blocks; v094's blocks took 2.4-9.5 "
          "us to load P even with no V of their own in flight (1407Z). With each word on its own "
          "line and P in 16 copies (4 blocks a line), barrier and P should take ~1.5 us after the "
          "last row instead of ~7, and the end come when V has landed: up to ~2.7 us earlier at "
          "16384 and more at 8192. Halved at 16384: 1.03x over v093 at D = 8192 and 16384 (~26.5 "
          "and ~40.1 us).")
      .prediction(fuselab::faster_than("attention/v093_softmax_in_phase3", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_softmax_rows_no_hot_lines", (const void*)a::v096::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v096::launch, &a::v096::workspace_bytes);
}
