// sinusoidal/v062_counting_barrier — v048's PE on attention v053 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v062_counting_barrier.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v062_counting_barrier) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v061_v_resident_two_per_sm")
      .hypothesis(
          "Attention v053 launches v052's kernel plainly, its barriers counted in a workspace "
          "word, predicted 1.07x over v052 at D = 2048, 8192 and 16384 (a cooperative launch "
          "seems to cost ~3.5 us more to start). The PE is in phase 1's loader, apart from the "
          "launch: the same 1.07x over v061 at all three (~40.5 us at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v061_v_resident_two_per_sm", 1.07,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("resident_v_two_per_sm_counting_barrier_sin_reduced_qk_shared",
              (const void*)a::v052::kKernel<k::Pe, a::v020::RowQkSubTiles, fuselab::kernels::CountingGridBarrier>)
      .launch(&fuselab::kernels::sinusoidal::v062::launch, &a::v053::workspace_bytes);
}
