// attention/v064_flash_ping_pong — v063 with the warpgroups taking turns on the tensor cores (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v064_flash_ping_pong.cuh"

FUSELAB_EXPERIMENT(attention, v064_flash_ping_pong) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v063_flash_packed_operands")
      .hypothesis(
          "Call 1828Z: v063 749.0 us at 8x16x1024x128 (1.22x over v059); ncu: pack 138 us, "
          "kernel 757 us at ncu's clock, 29 % issue, 2.36 barrier-stall cycles per "
          "instruction. A tile costs the kernel ~4700 cycles against ~3070 of 3xTF32 "
          "products (4 x 768), because the two warpgroups run in step and take their softmax "
          "at the same time, with the tensor cores idle. Turns (0's scores, 1's scores, 0's "
          "P V, 1's P V) put each softmax under the other warpgroup's products: a tile near "
          "~3500 cycles, the kernel ~610 -> ~460 us. Predicted 1.15x over v063 at "
          "8x16x1024x128, pack included.")
      .prediction(fuselab::faster_than("attention/v063_flash_packed_operands", 1.15, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands", (const void*)a::v063::kPackKernel<a::v002::NoPe>)
      .kernel("flash_packed_ping_pong", (const void*)a::v063::kPackedKernel<a::v002::NoPe, true>)
      .launch(&a::v064::launch, &a::v063::workspace_bytes);
}
