// rope/v082_flash_two_score_chains — v081's rotation on attention v066 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v082_flash_two_score_chains.cuh"

FUSELAB_EXPERIMENT(rope, v082_flash_two_score_chains) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v081_flash_big_q_in_registers")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue (v081: 714.3 us neox against "
          "attention v065's 709.9 in call 1844Z). Attention v066 changes only how the score "
          "products accumulate, so v082 should gain what v066 gains. Predicted 1.05x over "
          "v081 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v081_flash_big_q_in_registers", 1.05, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v082::launch, &a::v063::workspace_bytes);
  return fuselab::experiments::on_packed_rope<true, true, true>(e, "flash_packed_two_score_chains");
}
