// attention/v076_heads_by_grid — v073 with each block's head and batch read from the grid (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v076_heads_by_grid.cuh"

FUSELAB_EXPERIMENT(attention, v076_heads_by_grid) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v073_q_once_per_block")
      .hypothesis(R"(
          v074 / v075 (runs 20261126T0414*, 0421*) moved a quarter of the head tile's bytes and
          ran no faster: at D = 128 a block's instruction stream sets the time (hot 3.6-3.9 us
          for v045, v074 and v075 alike). In v073 every one of the 16 warps begins with three
          runtime integer divisions (the head, the batch, the GQA group; ~20 dependent
          instructions each, ~70 of a warp's ~540) before K's and V's addresses exist, so each
          scheduler spends ~280 issue cycles before the first load goes out. With the head and
          batch from the grid and no division unless GQA, expect the loads ~0.15 us earlier:
          declared 1.03x over v073 at 1x4x64x128.)")
      .prediction(fuselab::faster_than("attention/v073_q_once_per_block", 1.03, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::head_tile::kKeys, a::head_tile::kMaxD))
      .kernel("q_once_kernel_heads_by_grid", (const void*)&a::q_once_per_block::q_once_kernel<a::split_d::NoPe, true>)
      .launch(&a::v076::launch);
}
