// rope/v102_pack_two_tiles_in_flight — v101's rotation on attention v085 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v102_pack_two_tiles_in_flight.cuh"

FUSELAB_EXPERIMENT(rope, v102_pack_two_tiles_in_flight) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v101_pack_beside_flash")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue (v101: 1.088x over v100 in call "
          "0938Z, attention v084 1.095x over v083). Attention v085 changes only how many raw "
          "tiles a pack block keeps in flight, so v102 should gain what v085 gains. Predicted "
          "1.03x over v101 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v101_pack_beside_flash", 1.03, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v102::launch, &a::v084::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V084Kernels<2>>(
      e, "pack_operands_fp16_ahead_two_in_flight", "flash_packed_fp16_after_pack");
}
