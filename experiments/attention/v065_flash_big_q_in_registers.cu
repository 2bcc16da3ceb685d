// attention/v065_flash_big_q_in_registers — v064 with Q's big part in registers, its small part in shared memory (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v065_flash_big_q_in_registers.cuh"

FUSELAB_EXPERIMENT(attention, v065_flash_big_q_in_registers) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v064_flash_ping_pong")
      .hypothesis(
          "Call 1836Z: turns (v064) gained 1.02x over v063, and ncu timed the kernel the same "
          "(758.6 against 757.0 us): the tile was not waiting on the softmax. A tile costs "
          "~4700 cycles against ~3070 of products, and its shared-memory traffic is ~384 KB "
          "(scores 224, P V 96, the bulk copy 64), ~3000 cycles at 128 bytes a cycle. The "
          "score products read 7 KB a warpgroup per k-step, against 48 tensor cycles: they "
          "wait on shared memory (56 cycles). With Q's big part in the A-fragment registers "
          "two of the three products read only B (5 KB, 40 cycles): ~256 cycles less a tile, "
          "~5 % of the kernel. Predicted 1.04x over v064 at 8x16x1024x128, pack included.")
      .prediction(fuselab::faster_than("attention/v064_flash_ping_pong", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands", (const void*)a::v063::kPackKernel<a::v002::NoPe>)
      .kernel("flash_packed_big_q_in_registers", (const void*)a::v063::kPackedKernel<a::v002::NoPe, true, true>)
      .launch(&a::v065::launch, &a::v063::workspace_bytes);
}
