// sinusoidal/v032_wgmma_one_launch — v017's PE on attention v026 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v032_wgmma_one_launch.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v032_wgmma_one_launch) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v030_wgmma_pv_register_a")
      .hypothesis(
          "Attention v026 runs v024's phases in one cooperative launch (grid barriers instead "
          "of launch boundaries, V prefetched into L2 across them), predicted 1.06x over v024 "
          "at D = 2048, 8192 and 16384. The PE lives in phase 1, unchanged, so the same gain "
          "should carry over: 1.06x over v030 at those shapes (~42.5 us at D = 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v030_wgmma_pv_register_a", 1.06,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("one_launch_wgmma_sin_reduced", (const void*)&a::v026::one_launch_kernel<k::Pe>)
      .launch(&fuselab::kernels::sinusoidal::v032::launch, &a::v026::workspace_bytes);
}
