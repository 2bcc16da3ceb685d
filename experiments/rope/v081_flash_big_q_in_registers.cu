// rope/v081_flash_big_q_in_registers — v080's rotation on attention v065 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v081_flash_big_q_in_registers.cuh"

FUSELAB_EXPERIMENT(rope, v081_flash_big_q_in_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v080_flash_ping_pong")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue, off the tile loop (v079: 1.5 % "
          "over attention v063 in call 1828Z). Attention v065 changes only where Q's two "
          "parts live for the score products, so v081 should gain what v065 gains. Predicted "
          "1.04x over v080 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v080_flash_ping_pong", 1.04, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v081::launch, &a::v063::workspace_bytes);
  return fuselab::experiments::on_packed_rope<true, true, false>(e, "flash_packed_big_q_in_registers");
}
