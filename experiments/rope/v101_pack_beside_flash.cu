// rope/v101_pack_beside_flash — v100's rotation on attention v084 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v101_pack_beside_flash.cuh"

FUSELAB_EXPERIMENT(rope, v101_pack_beside_flash) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v100_flash_fp16_split")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue (v100: 500.6 us neox in call 0927Z). "
          "Attention v084 changes only when the pack runs (beside the flash kernel instead of "
          "before it), so v101 should gain what v084 gains. Predicted 1.12x over v100 at "
          "8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v100_flash_fp16_split", 1.12, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v101::launch, &a::v084::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V084Kernels<>>(
      e, "pack_operands_fp16_ahead", "flash_packed_fp16_after_pack");
}
