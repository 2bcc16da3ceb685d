// attention/v110_o_staged — v103 with phase 3's O staged in shared memory and stored as float4 row pieces (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v110_o_staged.cuh"

FUSELAB_EXPERIMENT(attention, v110_o_staged) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "v109's bulk copies of O lengthened the time from a block's last V step to its end "
          "from 1.5 to 3.4 us (timeline 0015Z, D = 16384) and lost 6-8 % paired: the store path "
          "sits on the pipeline's end. v103 stores O straight from the accumulators, 32 floats a "
          "thread: 256 warp stores a block per step, each touching 4 lines. Staged in the V "
          "buffer and stored as float4 row pieces (v028's path without kDirectO), a step takes "
          "64 warp stores of whole 512-byte pieces and 256 shared-memory stores, for two more "
          "barriers; v032 measured direct at 0.976x [0.958, 1.01] of staged at 8192 and 1.0x at "
          "16384 on an older phase 3. If the L1 store traffic at the tail drops by ~0.4 us: "
          "1.01x over v103 at D = 8192 and 16384 (~24.8 and ~37.9 us).")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.01,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_staged_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v110::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v110::launch, &a::v110::workspace_bytes);
}
