// sinusoidal/v011_split_d_tuned — v007 on attention v006's tuned phases (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v011_split_d_tuned.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v011_split_d_tuned) {
  namespace a = fuselab::kernels::attention::v006;
  namespace k = fuselab::kernels::sinusoidal::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("sinusoidal/v007_split_d")
      .hypothesis(
          "v007 on attention v006's tuned phases (conflict-free full-sector loads, "
          "double-buffered tiles, operands one step ahead, programmatic dependent launch). The "
          "PE's 4.2 M accurate sincosf at D = 16384 stay on the phase-1 issue path, so expect "
          "the same ~1.3x as the plain design: ~45 us at D = 16384 (v007: 59 us), ~15 us at "
          "D = 2048 (v007: 20 us).")
      .prediction(fuselab::faster_than("sinusoidal/v007_split_d", 1.25, {"b1_h4_s64_d2048", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_tuned_sin", (const void*)&a::partial_scores_kernel<k::SinSplitPe>)
      .kernel("softmax_after", (const void*)&a::softmax_after_kernel)
      .kernel("pv_tuned", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v011::launch, &a::workspace_bytes);
}
