// sinusoidal/v080_head_pipeline — v048's PE on attention v067 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v080_head_pipeline.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v080_head_pipeline) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v058_early_triggers")
      .hypothesis(
          "Attention v067 overlaps the split-D phases across heads with one queue of items in "
          "one plain launch, predicted 1.08x over v050 at D = 8192 and 16384 (the seams between "
          "phases, ~7 us over the traffic floor at 16384, half recovered). The PE stays in phase "
          "1's loader, apart from the queue: the same 1.08x over v058 (~39 us at 16384, under "
          "the issue's 40).")
      .prediction(fuselab::faster_than("sinusoidal/v058_early_triggers", 1.08, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("head_pipeline_sin_reduced_qk_shared", (const void*)a::v067::kKernel<k::Pe, a::v020::RowQkSubTiles>)
      .launch(&fuselab::kernels::sinusoidal::v080::launch, &a::v067::workspace_bytes);
}
