// rope/v067_flash_convert_ahead — v066's rotation on attention v055 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v067_flash_convert_ahead.cuh"

FUSELAB_EXPERIMENT(rope, v067_flash_convert_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v066_flash_wgmma")
      .hypothesis(
          "Attention v055 converts tile j + 1 while tile j's products run, predicted 1.15x "
          "over v054. Here the rotation is part of K's conversion and leaves the chain with "
          "it: v066 ran 1.31 ms against v054's 1.24, so the same 1.15x over v066 or a little "
          "more. Declared: 1.15x over v066 at 8x16x1024x128, neox.")
      .prediction(fuselab::faster_than("rope/v066_flash_wgmma", 1.15, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("flash_wgmma_convert_ahead_rope_neox_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, true>)
      .kernel("flash_wgmma_convert_ahead_rope_inter_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, true>)
      .launch(&r::v067::launch);
}
