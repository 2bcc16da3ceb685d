// rope/v079_flash_packed_operands — attention v063 with K rotated once in the pack, Q in the kernel (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v079_flash_packed_operands.cuh"

FUSELAB_EXPERIMENT(rope, v079_flash_packed_operands) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v076_flash_hybrid")
      .hypothesis(
          "The hybrid v076 (960.8 us neox, 1740Z) rotates K once by a pass (134 MB) and then "
          "pays the flash kernel's per-block conversion of every K and V tile. Attention "
          "v063's pack already reads K once and writes its split parts: the rotation rides "
          "along at no extra bytes, and the kernel keeps only Q's rotation (~10 us). Expected "
          "~810 us if v063 gains what it declares over v059. Predicted 1.10x over v076 at "
          "8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v076_flash_hybrid", 1.10, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v079::launch, &a::v063::workspace_bytes);
  return fuselab::experiments::on_packed_rope<false, false, false>(e, "flash_packed_operands");
}
