// sinusoidal/v088_mma_head_tile — attention v074's tensor-core head tile with v087's PE (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v088_mma_head_tile.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v088_mma_head_tile) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v087_reduction_on_fma_pipe")
      .hypothesis(
          "As attention v074: 8 blocks a head instead of 32 cut L2's output from 8 to 2 MB, "
          "and mma.sync keeps the instructions per SM low. Each block still gives all 64 "
          "keys their PE (as v087's blocks do), so the PE's cost per SM is unchanged, and "
          "it runs while V is in flight. Expect attention v074's gain: ~3.5 us against "
          "v087's 4.2-5.3 (medians over allocations). Declared: 1.15x over v087 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v087_reduction_on_fma_pipe", 1.15, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("mma_head_tile_kernel_sin_fma_round", (const void*)&a::v074::mma_head_tile_kernel<k::v087::Pe>)
      .launch(&k::v088::launch);
}
