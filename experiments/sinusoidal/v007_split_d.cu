// sinusoidal/v007_split_d (mechanism: see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v007_split_d.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v007_split_d) {
  namespace k = fuselab::kernels::sinusoidal::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, 64);
  return fuselab::Experiment{}
      .parent("sinusoidal/v006_vec4_sincosf")
      .hypothesis(
          "Attention v002's split-D design with the PE added once per element as Q/K sub-tiles "
          "land: every Q/K/V byte leaves DRAM once and the ~1.07 GFLOP spreads over 264 blocks; "
          "the PE adds 4.2 M accurate sincosf at 1x4x64x16384 (~35 instr each: ~5 us of issue "
          "spread over the chip, overlapped with phase 1's loads). Estimate ~45 us at D = 16384 "
          "and ~9 us at D = 2048, against v000's ~430 us and ~55 us: >= 5x on both.")
      .prediction(fuselab::faster_than("sinusoidal/v000_separate", 5.0, {"b1_h4_s64_d2048", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_sin", (const void*)&fuselab::kernels::attention::v002::partial_scores_kernel<k::SinSplitPe>)
      .kernel("softmax", (const void*)&fuselab::kernels::attention::v002::softmax_kernel)
      .kernel("pv", (const void*)&fuselab::kernels::attention::v002::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
