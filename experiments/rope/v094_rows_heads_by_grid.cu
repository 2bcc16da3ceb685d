// rope/v094_rows_heads_by_grid — v052 with each block's head and batch read from the grid (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v094_rows_heads_by_grid.cuh"

FUSELAB_EXPERIMENT(rope, v094_rows_heads_by_grid) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  constexpr int kRows = a::v041::kRowsV041;
  return fuselab::Experiment{}
      .parent("rope/v052_rows_in_registers")
      .hypothesis(
          "As attention v077: v052's 8 warps each begin with three integer divisions before "
          "K's and V's addresses exist; reading the head and batch from the grid removes "
          "them (v093 gained 1.04-1.05x this way on v090, run 20261126T0431*). With 8 "
          "warps, not 16, expect half that: declared 1.02x over v052 at 1x4x64x128, both "
          "pairings.")
      .prediction(fuselab::faster_than("rope/v052_rows_in_registers", 1.02,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("rows_kernel_2_rope_neox_heads_by_grid",
              (const void*)&a::v041::rows_kernel<k::RopeSplitPe<true, kReduced>, kRows, true>)
      .kernel("rows_kernel_2_rope_inter_heads_by_grid",
              (const void*)&a::v041::rows_kernel<k::RopeSplitPe<false, kReduced>, kRows, true>)
      .launch(&fuselab::kernels::rope::v094::launch);
}
