// sinusoidal/v060_v_resident — v048's PE on attention v051 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v060_v_resident.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v060_v_resident) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v048_lean_phase3_prologue")
      .hypothesis(
          "Attention v051 reads V into each block's shared memory during phase 1 (one block "
          "per SM, one cooperative launch), so phase 3 no longer reads V after the scores; "
          "predicted 1.10x over v039 at D = 8192 and 16384. The PE lives in phase 1's loader, "
          "which v051 runs two sub-tiles ahead and otherwise unchanged: the same 1.10x over "
          "v048 at both (~38 us or less at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v048_lean_phase3_prologue", 1.10,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("resident_v_one_launch_sin_reduced_qk_shared", (const void*)a::v051::kKernel<k::Pe, a::v020::RowQkSubTiles>)
      .launch(&fuselab::kernels::sinusoidal::v060::launch, &a::v051::workspace_bytes);
}
