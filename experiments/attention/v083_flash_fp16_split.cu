// attention/v083_flash_fp16_split — v066 with every product on fp16 parts (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v083_flash_fp16_split.cuh"

FUSELAB_EXPERIMENT(attention, v083_flash_fp16_split) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v066_flash_two_score_chains")
      .hypothesis(
          "v066 ran 715 us cold at 8x16x1024x128; ncu (1916Z): the pack ~138 us at the copy "
          "ceiling for its 402 MB, the flash kernel ~570 us with the tensor pipe busy ~75 % of "
          "its cycles. There the products set the time. fp16 parts keep tf32's 11 significant "
          "bits and multiply at twice tf32's dense rate: a tile's 48 + 24 3xTF32 products "
          "become 24 + 12 3xFP16 ones, and the packed set halves (64 -> 32 KB a tile, the pack "
          "402 -> 268 MB: ~92 us). If half of the kernel's tensor saving shows (the softmax and "
          "the turns stay), the kernel falls to ~465 us: ~555 us in all, predicted 1.25x over "
          "v066 at 8x16x1024x128, pack included. Error: as 3xTF32 while |values| < 65504.")
      .prediction(fuselab::faster_than("attention/v066_flash_two_score_chains", 1.25, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16", (const void*)a::v083::kPackKernel<a::v002::NoPe>)
      .kernel("flash_packed_fp16", (const void*)a::v083::kPackedKernel<a::v002::NoPe>)
      .launch(&a::v083::launch, &a::v083::workspace_bytes);
}
