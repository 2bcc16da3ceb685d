// attention/v061_ffma_two_per_sm — v060 with 32-dim V items, twice the blocks (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v061_ffma_two_per_sm.cuh"

FUSELAB_EXPERIMENT(attention, v061_ffma_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v060_ffma_head_barrier")
      .hypothesis(
          "v060 ran 16.9 us at D = 2048 (run 1653*) and 15.9 at D = 512 with a quarter of the "
          "blocks: its time is one block's chain, not the chip's work. ncu at D = 2048: 4.4 M "
          "instructions, ~4300 a warp, 2 warps per scheduler issuing on 33 % of cycles "
          "(stalls a warp: short scoreboard 1.4, barrier 1.0, wait 0.8, long scoreboard "
          "0.8), FMA pipe 21 %. With 32-dim V items a block's dims are a multiple of 32, so "
          "D = 2048 runs 256 blocks (two per SM, 4 warps per scheduler) with half the FMA a "
          "block. Per SM the instructions rise ~13 % (the softmax and prologue are paid per "
          "block) but issue should go from 33 % to ~55 %: the kernel's ~14 us beyond the "
          "~3 us floor to ~9.5, 1.25x over v060 at D = 2048 (~13.5 us).")
      .prediction(fuselab::faster_than("attention/v060_ffma_head_barrier", 1.25, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, a::v060::kUnit<a::v061::kVDims>,
                                                   a::v060::kS))
      .kernel("ffma_head_barrier_v32", (const void*)a::v060::kKernel<a::v002::NoPe, a::v061::kVDims>)
      .launch(&a::v061::launch, &a::v060::workspace_bytes);
}
