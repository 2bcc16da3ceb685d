// attention/v093_softmax_in_phase3 — v082 in two launches, phase 2's softmax taken by phase 3's blocks (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v093_softmax_in_phase3.cuh"

FUSELAB_EXPERIMENT(attention, v093_softmax_in_phase3) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "v082's timeline at D = 16384: phase 1 ends at 20.9 us, phase 2 runs 21.4-23.5, and "
          "phase 3's blocks start only at 24.0, when phase 2's leave the register file; from then "
          "V, with the write-back its fills cause, arrives at ~3 TB/s of DRAM traffic and sets the "
          "end (38.5). Here phase 3's blocks take the SMs as phase 1's leave, take the softmax "
          "themselves, and put V in flight right behind their partials' loads at ~21.5 us, 2.5 us "
          "earlier (v092's prefetch from phase 2 started V then too but held phase 3 back 3.3 us). "
          "Against it: P is ready only after the V issue, and its loads queue behind V. Halved: "
          "1.03x over v082 at D = 8192 and 16384 (~26.0 and ~39.4 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_softmax_rows", (const void*)a::v093::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v093::launch, &a::v093::workspace_bytes);
}
