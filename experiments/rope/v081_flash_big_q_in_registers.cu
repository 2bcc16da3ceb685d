// rope/v081_flash_big_q_in_registers — v080's rotation on attention v065 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v081_flash_big_q_in_registers.cuh"

FUSELAB_EXPERIMENT(rope, v081_flash_big_q_in_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  using Neox = k::v008::RopeSplitPe<true, Sincos::kReduced>;
  using Inter = k::v008::RopeSplitPe<false, Sincos::kReduced>;
  return fuselab::Experiment{}
      .parent("rope/v080_flash_ping_pong")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue, off the tile loop (v079: 1.5 % "
          "over attention v063 in call 1828Z). Attention v065 changes only where Q's two "
          "parts live for the score products, so v081 should gain what v065 gains. Predicted "
          "1.04x over v080 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v080_flash_ping_pong", 1.04, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("pack_operands_k_rope_neox_reduced", (const void*)a::v063::kPackKernel<Neox>)
      .kernel("pack_operands_k_rope_inter_reduced", (const void*)a::v063::kPackKernel<Inter>)
      .kernel("flash_packed_big_q_in_registers_q_rope_neox_reduced",
              (const void*)a::v063::kPackedKernel<Neox, true, true>)
      .kernel("flash_packed_big_q_in_registers_q_rope_inter_reduced",
              (const void*)a::v063::kPackedKernel<Inter, true, true>)
      .launch(&k::v081::launch, &a::v063::workspace_bytes);
}
