// rope/v066_flash_wgmma — v017's rotation on attention v054's flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v066_flash_wgmma.cuh"

FUSELAB_EXPERIMENT(rope, v066_flash_wgmma) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v004_cached_freq")
      .hypothesis(
          "At 8x16x1024x128 the family's best is the study's row kernel (v004: 54.6 ms; "
          "PyTorch eager SDPA with the rotation 1.65 ms), which rotates every key once per "
          "query row. Attention v054 (predicted <= 1000 us) streams each head's K once per "
          "128 query rows; rotating it there costs a block 8 reduced sin/cos pairs per thread "
          "per 32-key tile, as the sinusoidal PE does (v063), plus the rotation's 4 FMAs per "
          "pair: ~5 % over v054. Declared: at most 1100 us cold at 8x16x1024x128, neox.")
      .prediction(fuselab::at_most_us(1100, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("flash_wgmma_rope_neox_reduced", (const void*)a::v054::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>>)
      .kernel("flash_wgmma_rope_inter_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>>)
      .launch(&r::v066::launch);
}
