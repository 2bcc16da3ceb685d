// rope/v006_dim_tiled (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v006_dim_tiled.cuh"

FUSELAB_EXPERIMENT(rope, v006_dim_tiled) {
  namespace r = fuselab::kernels::rope;
  return fuselab::Experiment{}
      .parent("rope/v005_k_in_smem")
      .hypothesis(R"(
          Tile head_dim too (the study's V6, 3.3x faster than its V5): sub-tiles of 64 keys x
          256 dims, so a 64-key tile is staged whole at any D. On the H100 v005 already fits 22
          keys at D = 2048, so tiling D mostly adds barriers (8 sub-tiles per 64-key tile at D =
          2048, each with an exposed L2 round trip) while rotating the same elements once per
          block. Expect about v005's and v004's time: at most 61 us at 1x4x64x2048 neox (1.3x
          v004's 47.0 us), not the study's 3.3x gain over V5.)")
      .prediction(fuselab::at_most_us(61.0, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits(8192))
      .kernel("row_kernel_dimtiled_neox_nv4", fuselab::experiments::four_rows_kernel<4, r::on_the_fly_rotation::OnTheFlyPe<true, true>, true>())
      .launch(&r::v006::launch);
}
