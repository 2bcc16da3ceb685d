// sinusoidal/v090_heads_by_grid — v087 with each block's head and batch read from the grid (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v090_heads_by_grid.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v090_heads_by_grid) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v087_reduction_on_fma_pipe")
      .hypothesis(
          "As attention v076: the three integer divisions at the top of every warp delay "
          "the first loads by ~0.15 us of a chain that sets the time. Declared: 1.03x over "
          "v087 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v087_reduction_on_fma_pipe", 1.03, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("q_once_kernel_sin_fma_round_heads_by_grid", (const void*)&a::v073::q_once_kernel<k::v087::Pe, true>)
      .launch(&k::v090::launch);
}
