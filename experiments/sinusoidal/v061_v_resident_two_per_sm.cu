// sinusoidal/v061_v_resident_two_per_sm — v048's PE on attention v052 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v061_v_resident_two_per_sm.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v061_v_resident_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v060_v_resident")
      .hypothesis(
          "Attention v052 keeps v039's phase 1 (two blocks per SM) and reads half of V during "
          "it and half during the barrier and the softmax, predicted 1.08x over v039 at "
          "D = 8192 and 16384. v048's phase 1 carries the PE and is v039's otherwise, the rest "
          "is attention's: the same 1.08x over v048 at both (~39 us or less at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v048_lean_phase3_prologue", 1.08,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("resident_v_two_per_sm_one_launch_sin_reduced_qk_shared",
              (const void*)a::v052::kKernel<k::Pe, a::v020::RowQkSubTiles>)
      .launch(&fuselab::kernels::sinusoidal::v061::launch, &a::v052::workspace_bytes);
}
