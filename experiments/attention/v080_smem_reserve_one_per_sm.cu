// attention/v080_smem_reserve_one_per_sm — v078's kernel launched with 120 KB of dynamic shared memory reserved (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v080_smem_reserve_one_per_sm.cuh"

FUSELAB_EXPERIMENT(attention, v080_smem_reserve_one_per_sm) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v078_unshifted_exps")
      .hypothesis(
          "As v079 (empty launches of this grid: 1.76-1.79 us with 64 KB of dynamic shared "
          "memory, 0.96 us with 100 KB; call 20261126T0621Z), with 120 KB reserved so that "
          "one block fits an SM, not two: if what the probe saw is blocks sharing SMs, one "
          "a SM keeps at least v079's gain. Declared 1.10x over v078 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v078_unshifted_exps", 1.10, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("smem_reserve_one_per_sm_kernel", (const void*)a::v080::Launch::kKernel<a::v002::NoPe>)
      .launch(&a::v080::launch);
}
