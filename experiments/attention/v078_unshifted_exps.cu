// attention/v078_unshifted_exps — v076 with each score's exponential taken once, unshifted, and the row sum divided out at the output (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v078_unshifted_exps.cuh"

FUSELAB_EXPERIMENT(attention, v078_unshifted_exps) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v076_heads_by_grid")
      .hypothesis(
          "At D = 128 the head tile's time is its warps' instruction chain (v074 / v075, runs "
          "20261126T0414*, 0421*); ncu of v076 (run 20261126T0431*) counts ~465 instructions a "
          "warp at ~10.5 cycles each, short-scoreboard stalls (shuffles, shared loads) the "
          "largest part at 2.6 cycles an instruction. After the scores barrier every one of the "
          "16 warps takes both rows' max (5 shuffles), 4 exponentials a lane, the sum (5 "
          "shuffles), a division and 4 shuffles for its keys' P: ~60 instructions and ~12 "
          "dependent shuffles (~400 cycles) before P V can start. With each exponential taken "
          "once by the lane that sums the score, unshifted (exact while every score lies in "
          "[-16, 16]; else the shifted path), a barrier that also says which path, one shared "
          "load a row for a warp's e, and the division at the output, expect ~0.2 us off a "
          "~4.1 us launch: declared 1.05x over v076 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v076_heads_by_grid", 1.05, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("unshifted_exps_kernel", (const void*)a::v078::kKernel<a::v002::NoPe>)
      .launch(&a::v078::launch);
}
