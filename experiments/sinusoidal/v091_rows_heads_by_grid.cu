// sinusoidal/v091_rows_heads_by_grid — v050 with each block's head and batch read from the grid (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v091_rows_heads_by_grid.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v091_rows_heads_by_grid) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v050_rows_in_registers")
      .hypothesis(
          "As attention v077: v050's 8 warps each begin with three integer divisions before "
          "K's and V's addresses exist; reading the head and batch from the grid removes "
          "them (v090 gained 1.05x this way on v087, run 20261126T0431*). With 8 warps, not "
          "16, expect half that: declared 1.02x over v050 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v050_rows_in_registers", 1.02, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("rows_kernel_2_sin_heads_by_grid",
              (const void*)&a::v041::rows_kernel<k::v016::Pe, a::v041::kRowsV041, true>)
      .launch(&k::v091::launch);
}
