// attention/v055_flash_convert_ahead — v054 with the next tile converted while the tensor cores work (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v055_flash_convert_ahead.cuh"

FUSELAB_EXPERIMENT(attention, v055_flash_convert_ahead) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v054_flash_wgmma")
      .hypothesis(
          "v054 ran 1.24 ms cold at 8x16x1024x128 (run 20261125T1514*; ncu 1.55 ms at 5 % of "
          "DRAM peak): ~8800 cycles per SM per 32-key tile against ~3100 of tensor work at "
          "the tf32 peak, because each tile is a chain behind block barriers and the tensor "
          "cores idle while all threads convert the tile (~240 instructions a thread: K split, "
          "V split and stored transposed). With two operand sets (225 KB), tile j + 1's K is "
          "converted during tile j's scores and its V during tile j's P V, one barrier a "
          "tile: the conversion and its latency leave the chain, ~15 %. Declared: 1.15x over "
          "v054 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v054_flash_wgmma", 1.15, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("flash_wgmma_convert_ahead", (const void*)a::v054::kKernel<a::v002::NoPe, true>)
      .launch(&a::v055::launch);
}
