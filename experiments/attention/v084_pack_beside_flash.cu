// attention/v084_pack_beside_flash — v083 with the pack beside the flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v084_pack_beside_flash.cuh"

FUSELAB_EXPERIMENT(attention, v084_pack_beside_flash) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v083_flash_fp16_split")
      .hypothesis(
          "Call 0927Z: v083 538 us cold at 8x16x1024x128 (1.36x over v066); ncu: its flash kernel "
          "with DRAM 14 % busy and the tensor pipe 49.5 %. The pack before it moves 268 MB (K and "
          "V read, fp16 parts written) at about the copy rate, ~90 us (v063's tf32 pack: 138 us "
          "for 402 MB, 1916Z), while the tensor cores idle. Beside the flash kernel (one "
          "persistent pack block per SM, a count per head that each flash block waits for), its "
          "traffic runs under the products: only the first wave waits (~10 us for its 17 heads), "
          "and the pack takes some issue slots meanwhile. Predicted 1.12x over v083 at "
          "8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v083_flash_fp16_split", 1.12, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16_ahead", (const void*)a::v084::kPackKernel<a::v002::NoPe>)
      .kernel("flash_packed_fp16_after_pack", (const void*)a::v084::kPackedKernel<a::v002::NoPe>)
      .launch(&a::v084::launch, &a::v084::workspace_bytes);
}
