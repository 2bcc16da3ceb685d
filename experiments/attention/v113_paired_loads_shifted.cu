// attention/v113_paired_loads_shifted — v112 with each high-half piece read 256 bytes further on: a diagnostic (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v113_paired_loads_shifted.cuh"

FUSELAB_EXPERIMENT(attention, v113_paired_loads_shifted) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 8, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v112_paired_loads")
      .hypothesis(
          "A diagnostic. v112 (neox's reads, no rotation) ran 1.07x slower than v111 at "
          "1x4x64x16384 and no slower at 8192 (0337Z): the two float4s a thread asks for at once "
          "lie 32 KB apart at 16384 and 16 KB at 8192. If addresses a power of two apart share a "
          "channel or L2 slice, reading each high piece 256 bytes further on (cyclically within the "
          "high half; every dim still meets its Q or K partner once) takes the loss away: declared "
          "at least 1.04x faster than v112 at D = 16384. If it runs as v112, the loss is the two "
          "streams themselves, not their distance.")
      .prediction(fuselab::faster_than("attention/v112_paired_loads", 1.04, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_spread_pairs_shifted_high_paired_no_pe_fp16_split_triggered_head_barrier_rows",
              (const void*)a::v111::kPhase1<a::v112::PairedNoPe, a::v113::ShiftedHighRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_paired_no_pe_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v112::PairedNoPe, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v113::launch, &a::v111::workspace_bytes);
}
