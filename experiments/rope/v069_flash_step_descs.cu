// rope/v069_flash_step_descs — v066's rotation on attention v057 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v069_flash_step_descs.cuh"

FUSELAB_EXPERIMENT(rope, v069_flash_step_descs) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v068_flash_lean")
      .hypothesis(
          "Attention v057 forms its wgmma descriptors once (static code 2160 -> 1944 "
          "instructions), predicted 1.1x over v056. The rotation's conversion work is "
          "untouched, so the same saving on a slightly longer tile: 1.08x over v068 at "
          "8x16x1024x128, neox.")
      .prediction(fuselab::faster_than("rope/v068_flash_lean", 1.08, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("flash_wgmma_step_descs_rope_neox_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, false, true, true>)
      .kernel("flash_wgmma_step_descs_rope_inter_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, false, true, true>)
      .launch(&r::v069::launch);
}
