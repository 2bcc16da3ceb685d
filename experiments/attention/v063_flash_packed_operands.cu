// attention/v063_flash_packed_operands — tile operands packed once by a pass; the flash kernel fed by bulk copies (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v063_flash_packed_operands.cuh"

FUSELAB_EXPERIMENT(attention, v063_flash_packed_operands) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v059_flash_late_raw_wait")
      .hypothesis(
          "ncu on v059 (1612Z) at 8x16x1024x128: 25 % issue, and of ~4 stall cycles per "
          "instruction 2.1 are barrier stalls: every 128-row block converts each K and V tile "
          "(split into tf32 parts, V transposed; ~150 of a thread's instructions a tile) "
          "between block barriers that hold both warpgroups in step, 8 times per key. Packing "
          "each tile's operands once (a pass: reads K and V, 134 MB, writes 268 MB, ~150 us) "
          "and feeding the kernel by one bulk copy per tile on mbarriers (a producer warp, a "
          "two-stage ring, no block barrier in the loop) should let one warpgroup's softmax "
          "run under the other's products: the kernel from ~906 to ~650 us (tensor floor "
          "~400). Risk: the blocks then pull 64 KB a tile from L2 (2.1 GB in all), near L2's "
          "rate at that speed. Predicted 1.10x over v059 at 8x16x1024x128, pass included.")
      .prediction(fuselab::faster_than("attention/v059_flash_late_raw_wait", 1.10, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands", (const void*)a::v063::kPackKernel<a::v002::NoPe>)
      .kernel("flash_packed_operands", (const void*)a::v063::kPackedKernel<a::v002::NoPe>)
      .launch(&a::v063::launch, &a::v063::workspace_bytes);
}
