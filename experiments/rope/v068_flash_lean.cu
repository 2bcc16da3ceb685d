// rope/v068_flash_lean — v066's rotation on attention v056 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v068_flash_lean.cuh"

FUSELAB_EXPERIMENT(rope, v068_flash_lean) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v066_flash_wgmma")
      .hypothesis(
          "Attention v056 takes ~25 % of v054's instructions off each tile (conversion "
          "addresses, masks, exponentials, rescales), predicted 1.2x. The rotation's sin/cos "
          "and FMAs in K's conversion stay, a slightly larger share of what is left: 1.18x "
          "over v066 at 8x16x1024x128, neox.")
      .prediction(fuselab::faster_than("rope/v066_flash_wgmma", 1.18, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("flash_wgmma_lean_rope_neox_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, false, true>)
      .kernel("flash_wgmma_lean_rope_inter_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, false, true>)
      .launch(&r::v068::launch);
}
