// attention/v102_p_loads_then_barrier — v098 with a barrier between phase 3's P loads and its V copies (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v102_p_loads_then_barrier.cuh"

FUSELAB_EXPERIMENT(attention, v102_p_loads_then_barrier) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v098_p_loads_before_v")
      .hypothesis(
          "Probe p_read (1714Z, 1720Z): a phase-3-shaped grid reads its 16 KB of P in ~0.4 us after "
          "a read of Q and K, also while other SMs copy V, but ~6.3 us behind its own V copies "
          "whether each thread asks for P before or after its V (v098's order): the warps "
          "interleave, so most P requests queue behind other warps' V in the SM. With a barrier "
          "between P's loads and V's copies P landed within 0.7 us and V as before. In the "
          "after-QK phase-3 probe, v082's phase 3 with P made in shared memory runs 3.4-4.5 us "
          "faster than with P read (v098's: no faster). If the barrier brings phase 3 within ~1 us "
          "of that row, the pipeline gains ~3 us at D = 8192 and 16384 (1.12x and 1.08x); halved "
          "for the blocks whose SM partner started first and put its V ahead of their P: 1.04x "
          "over v082 at both (~25.8 and ~39.3 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_fetched_first_barrier", (const void*)a::v102::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v102::launch, &a::v102::workspace_bytes);
}
