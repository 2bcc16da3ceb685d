// attention/v062_ffma_lean_softmax — v061 with a base-2 softmax and one reciprocal per row (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v062_ffma_lean_softmax.cuh"

FUSELAB_EXPERIMENT(attention, v062_ffma_lean_softmax) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v061_ffma_two_per_sm")
      .hypothesis(
          "Every block of v060 / v061 takes the softmax of its head's whole 64x64 sums, on "
          "the chain after the barrier: 8 rows a warp, each with two expf and two IEEE "
          "divisions a lane, ~640 instructions a warp of v060's ~4300. Base-2 exponentials "
          "with log2(e) folded into the scale and one reciprocal per row should take ~45 % "
          "of them off, ~12 % of a v061 block's instructions, all on the chain: 1.06x over "
          "v061 at D = 2048.")
      .prediction(fuselab::faster_than("attention/v061_ffma_two_per_sm", 1.06, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, a::v060::kUnit<a::v061::kVDims>,
                                                   a::v060::kS))
      .kernel("ffma_head_barrier_v32_lean_softmax", (const void*)a::v060::kKernel<a::v002::NoPe, a::v061::kVDims, true>)
      .launch(&a::v062::launch, &a::v060::workspace_bytes);
}
