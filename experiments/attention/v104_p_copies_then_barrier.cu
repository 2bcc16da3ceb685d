// attention/v104_p_copies_then_barrier — v103 with a barrier between phase 3's P copies and its V copies (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v104_p_copies_then_barrier.cuh"

FUSELAB_EXPERIMENT(attention, v104_p_copies_then_barrier) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "v103's timeline (1728Z, D = 16384) has P in shared memory at 27.8 us for the median "
          "block (3.7 us after its copies went out) and 32.2 for the latest. Each thread asks for "
          "P before its V, but a warp that gets there first puts its V ahead of the other warps' P "
          "(probe p_read, 1705Z and 1707Z: loads of P land ~6.3 us behind the block's V whatever "
          "each thread's order, within 0.7 us with a barrier after them). With the barrier P "
          "should land ~2 us sooner in most blocks. It gains only where a late P holds a step's "
          "products: step 0's V lands 2.7 us after P in the median block (30.5 us) but only 0.7 "
          "after it in the latest (32.9 against 32.2), so a few tenths at the end. Declared: 1.01x "
          "over v103 at D = 8192 and 16384 (~25.2 and ~38.0 us).")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.01, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first_barrier", (const void*)a::v104::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v104::launch, &a::v104::workspace_bytes);
}
