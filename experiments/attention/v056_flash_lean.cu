// attention/v056_flash_lean — v054 with fewer instructions per tile (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v056_flash_lean.cuh"

FUSELAB_EXPERIMENT(attention, v056_flash_lean) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v054_flash_wgmma")
      .hypothesis(
          "ncu at 8x16x1024x128 (call 1521Z): v054 issues on 41 % of cycles at 2 warps per "
          "scheduler, 460 M warp instructions (~1750 per warp per 32-key tile), tensor pipe "
          "~35 % busy; v055's overlap of conversion and products lost (0.92x) because the "
          "warps, not the tensor cores, are the limit: each is a chain of ~5 cycles per "
          "instruction. Cutting the chain: per-thread conversion addresses fixed once (~150 "
          "index instructions a tile), no masks on full tiles (~130), base-2 exponentials "
          "with the scale folded in (~100 against expf), and O rescaled only when a row max "
          "moved (64 multiplies on most tiles): ~25 % of the instructions. At the same "
          "cycles per instruction, declared: 1.2x over v054 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v054_flash_wgmma", 1.2, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("flash_wgmma_lean", (const void*)a::v054::kKernel<a::v002::NoPe, false, true>)
      .launch(&a::v056::launch);
}
