// attention/v066_flash_two_score_chains — v065 with the score products over two accumulators (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v066_flash_two_score_chains.cuh"

FUSELAB_EXPERIMENT(attention, v066_flash_two_score_chains) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v065_flash_big_q_in_registers")
      .hypothesis(
          "Call 1844Z: v065 709.9 us (1.06x over v064); ncu: the tensor pipe busy 74.7 % of "
          "the kernel's cycles (v064: 70.4 %). Its SASS issues a tile's 48 score products "
          "back to back, each HGMMA.64x32x8 adding into the same accumulator as the one "
          "before it: at N = 32 (16 tensor cycles a product) that chain's latency, not the "
          "tensor cores, paces the score phase. Two accumulators, products alternating, "
          "halve the chain; P V already runs two (one per half of D). Expected: the tensor "
          "pipe near 85 %, the kernel ~570 -> ~510 us. Predicted 1.05x over v065 at "
          "8x16x1024x128, pack included.")
      .prediction(fuselab::faster_than("attention/v065_flash_big_q_in_registers", 1.05, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands", (const void*)a::v063::kPackKernel<a::v002::NoPe>)
      .kernel("flash_packed_two_score_chains", (const void*)a::v063::kPackedKernel<a::v002::NoPe, true, true, true>)
      .launch(&a::v066::launch, &a::v063::workspace_bytes);
}
