// rope/v070_flash_lean_ahead — v066's rotation on attention v058 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v070_flash_lean_ahead.cuh"

FUSELAB_EXPERIMENT(rope, v070_flash_lean_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v069_flash_step_descs")
      .hypothesis(
          "Attention v058 keeps two operand sets on v057 (one barrier a tile, the conversion "
          "under the products), predicted 1.1x over v057. K's conversion carries the "
          "rotation here, so more of the tile moves under the products: 1.1x over v069 at "
          "8x16x1024x128, neox.")
      .prediction(fuselab::faster_than("rope/v069_flash_step_descs", 1.1, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("flash_wgmma_lean_ahead_rope_neox_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, true, true, true>)
      .kernel("flash_wgmma_lean_ahead_rope_inter_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, true, true, true>)
      .launch(&r::v070::launch);
}
