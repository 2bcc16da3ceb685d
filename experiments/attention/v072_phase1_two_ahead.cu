// attention/v072_phase1_two_ahead — v050 with phase 1 two sub-tiles ahead (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v072_phase1_two_ahead.cuh"

FUSELAB_EXPERIMENT(attention, v072_phase1_two_ahead) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v050_early_triggers")
      .hypothesis(
          "v071 planned phase 1 for one block per SM and it fell from 37.5 % to 31 % of DRAM "
          "peak, 19.5 to 23.2 us at D = 16384 (ncu, run 20261126T0101*, H200): at two blocks "
          "per SM, phase 1's rate is still set by its bytes in flight (16 KB a block: one "
          "sub-tile loading during the products of the last). Two sub-tiles ahead put 32 KB a "
          "block in flight, 64 KB an SM. If the rate rises by half of what v071 lost (~-10 % "
          "on phase 1, ~2 us at D = 16384, ~1 us at 8192): ~1.04x over v050. Registers: two "
          "loaders of 4 float4s each within 128 per thread at two blocks per SM. Declared: "
          "1.04x over v050 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v050_early_triggers", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_two_ahead_wgmma_row_loads_padded_mask_split_triggered",
              (const void*)a::v050::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles, a::v072::kAhead>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v072::launch, &a::v050::workspace_bytes);
}
