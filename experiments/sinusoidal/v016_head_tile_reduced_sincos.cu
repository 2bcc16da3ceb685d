// sinusoidal/v016_head_tile_reduced_sincos — v010 with reduced __sincosf (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v016_head_tile_reduced_sincos) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::sinusoidal::v016;
  return fuselab::Experiment{}
      .parent("sinusoidal/v010_head_tile_4rows")
      .hypothesis(
          "At 1x4x64x128 v010 measured 9.0-10.5 us against attention v005's 5.5-7.1 us for the "
          "same geometry without PE (runs 20261121T0335-0405): ~3 us of PE. Each block adds the "
          "PE to 68 rows x 64 pairs, ~17 accurate sincosf per thread (~40 instructions each) on "
          "8 warps, latency-bound. Reducing the angle to [-pi, pi] in two FMAs and taking the "
          "SFU's __sincosf cuts that to ~6 instructions and two SFU ops per pair (error <= ~5e-7 "
          "below 2^17 rad). Expect the PE's ~3 us to fall to <= 1 us: ~7.5 us, 1.25x v010.")
      .prediction(fuselab::faster_than("sinusoidal/v010_head_tile_4rows", 1.25, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::kKeys, a::kMaxD)))
      .kernel("head_tile_kernel_4rows_sin_reduced", (const void*)&a::head_tile_kernel<k::Pe, fuselab::kernels::attention::v005::kRows>)
      .launch(&k::launch);
}
