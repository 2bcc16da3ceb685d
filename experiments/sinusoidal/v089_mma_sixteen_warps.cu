// sinusoidal/v089_mma_sixteen_warps — attention v075's head tile with v087's PE (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v089_mma_sixteen_warps.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v089_mma_sixteen_warps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v088_mma_head_tile")
      .hypothesis(
          "As attention v075. ncu (run 20261126T0414*): v088's PE adds 260 instructions a "
          "warp to v074's 906 (9 rows a warp) and ~1 us; with 16 warps each gives 4.5 rows "
          "their PE, at 4 warps a scheduler. Expect attention v075's gain or more: "
          "declared 1.25x over v088 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v088_mma_head_tile", 1.25, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("sixteen_warps_kernel_sin_fma_round", (const void*)&a::v075::sixteen_warps_kernel<k::v087::Pe>)
      .launch(&k::v089::launch);
}
