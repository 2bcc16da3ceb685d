// sinusoidal/v013_mma_one_launch — v012 in one cooperative launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v013_mma_one_launch.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v013_mma_one_launch) {
  namespace a = fuselab::kernels::attention::v007;
  namespace o = fuselab::kernels::attention::v008;
  namespace k = fuselab::kernels::sinusoidal::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("sinusoidal/v012_mma_split_d")
      .hypothesis(
          "As attention v008 over v007: one cooperative launch with two grid barriers instead "
          "of three cold launches saves the fixed cost that dominates small and middle D "
          "(split-D versions: 13-14 us cold at 1x4x64x128). The PE at D = 128 is 4 K sincosf "
          "per block-tile, negligible. Estimates ~6 us at D = 128 (target 4), ~9 us at D = 2048 "
          "(target 8).")
      .prediction(fuselab::faster_than("sinusoidal/v012_mma_split_d", 1.4, {"b1_h4_s64_d128", "b1_h4_s64_d2048"}))
      .limits(lim)
      .kernel("one_launch_sin", (const void*)o::kernel<k::SinSplitPe>)
      .launch(&fuselab::kernels::sinusoidal::v013::launch, &a::workspace_bytes);
}
