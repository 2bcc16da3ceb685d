// attention/v087_rolled_q_prologue — v086 with Q's prologue loop kept rolled (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v087_rolled_q_prologue.cuh"

FUSELAB_EXPERIMENT(attention, v087_rolled_q_prologue) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v086_lazy_rescale")
      .hypothesis(R"(
          In call 0948Z attention v086 ran 467.7 us cold at 8x16x1024x128, sinusoidal v100 441.5
          and rope v103 438.4 on the same kernel source. The no-PE flash kernel's SASS moves
          each wgmma descriptor from vector to uniform registers before each product (80 R2UR
          against 12, 1960 instructions against 1760) and ncu counts 21 % more executed
          instructions (149 M against 118 M in v083 / v097, 0938Z). It follows from ptxas
          unrolling Q's 8-trip prologue loop, which it leaves rolled when a PE is applied; kept
          rolled, the kernel compiles to 12 R2UR and 1704 instructions. If the no-PE kernel then
          runs like the PE ones, it gains what separates them: predicted 1.05x over v086 at
          8x16x1024x128.)")
      .prediction(fuselab::faster_than("attention/v086_lazy_rescale", 1.05, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16_ahead_two_in_flight", (const void*)a::pack_beside_flash::kPackKernel<a::split_d::NoPe, a::v087::Steps>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_rolled_q",
              (const void*)a::pack_beside_flash::kPackedKernel<a::split_d::NoPe, a::v087::Steps>)
      .launch(&a::v087::launch, &a::pack_beside_flash::workspace_bytes);
}
