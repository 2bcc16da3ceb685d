// attention/v077_rows_heads_by_grid — v041 with each block's head and batch read from the grid (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v077_rows_heads_by_grid.cuh"

FUSELAB_EXPERIMENT(attention, v077_rows_heads_by_grid) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v041_rows_in_registers")
      .hypothesis(
          "Run 20261126T0431*: v076 (v073 with the head and batch from the grid) ran 1.06x "
          "over v073 paired, 70 instructions a warp fewer under ncu, as counted. In the same "
          "run v041 was the fastest attention head tile at 1x4x64x128 (v045 = 0.97x of it "
          "through the paired chain v045 / v043 / v041). v041 has the same three divisions "
          "at the top of each warp, but 8 warps, not 16: ~140 issue cycles a scheduler "
          "before the loads instead of ~280. Expect half v076's gain: declared 1.02x over "
          "v041 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v041_rows_in_registers", 1.02, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("rows_kernel_2_heads_by_grid", (const void*)&a::v041::rows_kernel<a::v002::NoPe, a::v041::kRowsV041, true>)
      .launch(&a::v077::launch);
}
