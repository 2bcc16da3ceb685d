// sinusoidal/v116_p_by_async_copies — v058's PE on attention v103 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v116_p_by_async_copies.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v116_p_by_async_copies) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v103 fetches phase 3's P by cp.async ahead of V instead of by loads into "
          "registers, which hold V's copies back in the SM's queue (timeline 1725Z: with P made in "
          "shared memory phase 3 ends 1.7-1.9 us sooner), predicted 1.02x over v082 at D = 8192 and "
          "16384. The PE is all in phase 1, which is unchanged: the same 1.02x over v096 at both "
          "(~26.2 and ~40.2 us; issue 4's targets are 20 and 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v116::launch, &a::v103::workspace_bytes);
}
