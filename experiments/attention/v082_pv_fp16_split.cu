// attention/v082_pv_fp16_split — v081 with phase 3's products on 3xFP16 too (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v082_pv_fp16_split.cuh"

FUSELAB_EXPERIMENT(attention, v082_pv_fp16_split) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v081_phase1_fp16_split")
      .hypothesis(
          "v081 halved phase 1's tensor work and gained nothing: phase 1's products overlap its "
          "next sub-tile's reads. Phase 3's do not: they wait for P, with V already landed (v050 "
          "puts V in flight before phase 2 ends), then O is stored. Alone, phase 3 runs ~6 us over "
          "the fastest pattern moving its bytes at D = 16384 (call 0726Z), and its 3xTF32 products "
          "are >= 3.3 us at the dense tf32 rate. 3xFP16 halves them (12 wgmma a 128-dim step "
          "instead of 24): if they sit on the chain's last stretch, ~1.2 us off at 16384 and ~0.6 "
          "at 8192, predicted 1.02x over v081 at both (~40.3 and ~26.5 us).")
      .prediction(fuselab::faster_than("attention/v081_phase1_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v082::launch, &a::v082::workspace_bytes);
}
