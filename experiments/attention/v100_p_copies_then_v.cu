// attention/v100_p_copies_then_v — v099 with P read from 16 copies (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v100_p_copies_then_v.cuh"

FUSELAB_EXPERIMENT(attention, v100_p_copies_then_v) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v099_v_after_every_p")
      .hypothesis(
          "v099 (P everywhere, one grid barrier, then V) found P's loads slow with nothing else in "
          "flight: 16 KB a block took until 28.0-28.3 us at D = 16384, ~4 us after they went out, "
          "and V, issued then, landed 7-9 us later (call 1553Z). Each head's 16 KB of P is read by "
          "its 64 blocks, 64 readers a line. From 16 copies (4 readers a line) P should take ~1 us: "
          "V goes out ~2.9 us earlier than in v099, at ~25.3, and lands by ~36.5 with the products "
          "of step 0 done meanwhile, ~0.5 us before v082's end at 16384 and ~0.6 at 8192 (v099 "
          "scaled the same way). Declared against v082, the best so far: 1.015x at D = 8192 and "
          "16384 (~26.3 and ~40.4 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.015, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_p_copies",
              (const void*)&a::v050::row_softmax_kernel<true, a::v100::CopyRowOfP>)
      .kernel("row_softmax_16_in_flight_coherent_p_copies",
              (const void*)&a::v050::row_softmax_kernel<false, a::v100::CopyRowOfP>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copies_then_v", (const void*)a::v100::kPhase3)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v100::launch, &a::v100::workspace_bytes);
}
