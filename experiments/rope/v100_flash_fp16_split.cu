// rope/v100_flash_fp16_split — v082's rotation on attention v083 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v100_flash_fp16_split.cuh"

FUSELAB_EXPERIMENT(rope, v100_flash_fp16_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v082_flash_two_score_chains")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue (v081: 721.5 us neox against "
          "attention v066's 715.0). Attention v083 changes only the parts the products take "
          "(fp16 instead of tf32) and the packed set's size, so v100 should gain what v083 "
          "gains. Predicted 1.25x over v082 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v082_flash_two_score_chains", 1.25, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v100::launch, &a::v083::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V083Kernels>(e, "pack_operands_fp16",
                                                                                        "flash_packed_fp16");
}
