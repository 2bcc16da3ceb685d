// attention/v079_smem_reserve_two_per_sm — v078's kernel launched with 100 KB of dynamic shared memory reserved (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v079_smem_reserve_two_per_sm.cuh"

FUSELAB_EXPERIMENT(attention, v079_smem_reserve_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v078_unshifted_exps")
      .hypothesis(
          "fuselab_probe_launch_smem (call 20261126T0621Z) timed empty launches of the head "
          "tile's grid (128 blocks of 512 threads) cold, in turns, in two processes: 1.54 us "
          "without shared memory, 1.76-1.79 us with 64 KB of dynamic shared memory (v078's "
          "K and V), 0.96 us with 100 KB (paired: 0.80 us below 64 KB, within 0.05). At "
          "64 KB three blocks fit an SM, at 100 KB two. The kernel is unchanged; if a "
          "working launch keeps most of the difference, expect ~0.4 us off v078's ~4.2 us: "
          "declared 1.10x over v078 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v078_unshifted_exps", 1.10, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("smem_reserve_two_per_sm_kernel", (const void*)a::v079::Launch::kKernel<a::v002::NoPe>)
      .launch(&a::v079::launch);
}
