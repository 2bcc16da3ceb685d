// attention/v058_flash_lean_ahead — v057 with v055's two operand sets (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v058_flash_lean_ahead.cuh"

FUSELAB_EXPERIMENT(attention, v058_flash_lean_ahead) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v057_flash_step_descs")
      .hypothesis(
          "v057 (call 1542Z: 927 us at 8x16x1024x128) cut v056's instructions by 22 % and "
          "gained 5 %: under ncu it issues on 25 % of cycles and its largest stall is the "
          "block barrier (2.57 cycles per instruction, up from 1.69). Its tile runs two "
          "barriers with the conversion between them and the tensor cores idle. v055's two "
          "operand sets lost when instructions were the limit (0.92x at 41 % issue); with "
          "issue slots now free, one barrier a tile and the conversion under the products "
          "should pay: declared 1.1x over v057 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v057_flash_step_descs", 1.1, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("flash_wgmma_lean_ahead", (const void*)a::v054::kKernel<a::v002::NoPe, true, true, true>)
      .launch(&a::v058::launch);
}
