// sinusoidal/v081_static_prefetch — v048's PE on attention v068 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v080_head_pipeline.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v081_static_prefetch) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v080_head_pipeline")
      .hypothesis(
          "Attention v068 deals v067's tickets round-robin and sends each block's next item "
          "to L2 as it begins the current one, predicted 1.15x over v067 at D = 8192 and 16384 "
          "(~5 ticket round trips and ~4 cold starts a block). The PE stays in phase 1's "
          "loader, apart from the schedule: the same 1.15x over v080.")
      .prediction(fuselab::faster_than("sinusoidal/v080_head_pipeline", 1.15, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("head_pipeline_static_prefetch_sin_reduced_qk_shared",
              (const void*)a::v067::kKernel<k::Pe, a::v020::RowQkSubTiles, true>)
      .launch(&fuselab::kernels::sinusoidal::v080::launch_scheduled<true>, &a::v067::workspace_bytes);
}
