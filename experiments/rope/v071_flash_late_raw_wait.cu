// rope/v071_flash_late_raw_wait — v066's rotation on attention v059 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v071_flash_late_raw_wait.cuh"

FUSELAB_EXPERIMENT(rope, v071_flash_late_raw_wait) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v070_flash_lean_ahead")
      .hypothesis(
          "Attention v059 waits for the next raw tile behind the score products, keeping "
          "v058's one barrier a tile without its exposed request, predicted 1.08x over v057. "
          "The rotation rides in K's conversion as before; rope's best so far is v068 "
          "(1035.7 us, call 1557Z): 1.05x over v068 at 8x16x1024x128, neox.")
      .prediction(fuselab::faster_than("rope/v068_flash_lean", 1.05, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("flash_wgmma_late_raw_wait_rope_neox_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, true, true, true, true>)
      .kernel("flash_wgmma_late_raw_wait_rope_inter_reduced",
              (const void*)a::v054::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, true, true, true, true>)
      .launch(&r::v071::launch);
}
