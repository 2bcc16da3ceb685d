// rope/v080_flash_ping_pong — v079's rotation on attention v064 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v080_flash_ping_pong.cuh"

FUSELAB_EXPERIMENT(rope, v080_flash_ping_pong) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v079_flash_packed_operands")
      .hypothesis(
          "Call 1828Z: v079 760.2 us neox, 1.5 % over attention v063 (749.0): the rotation "
          "is in the pack and in Q's prologue, off the tile loop. Attention v064 changes only "
          "the tile loop (warpgroups taking turns on the tensor cores), so v080 should gain "
          "what v064 gains. Predicted 1.15x over v079 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v079_flash_packed_operands", 1.15, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v080::launch, &a::v063::workspace_bytes);
  return fuselab::experiments::on_packed_rope<true, false, false>(e, "flash_packed_ping_pong");
}
