// rope/v020_register_tiled_split_d — v018's rotation on attention v013 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v020_register_tiled_split_d.cuh"

FUSELAB_EXPERIMENT(rope, v020_register_tiled_split_d) {
  namespace a = fuselab::kernels::attention::v013;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v018_split_d_reduced_sincos")
      .hypothesis(
          "v018 rotates Q and K in attention v006's phase-1 loader at 2-3.5 % over v006 at "
          "D >= 8192 (run 20261121T0447). Attention v013 replaces v006's 4x4 register tiles with "
          "8x8 in phases 1 and 3, predicted 1.2-1.25x at D >= 8192 because both phases wait on "
          "shared memory, not DRAM. The rotation (in the loader) is unchanged, so the same gain "
          "should carry over: ~47 us at D = 16384 (v018: 58.3) and ~30 us at D = 8192 "
          "(v018: 37.0), neox.")
      .prediction(fuselab::faster_than("rope/v018_split_d_reduced_sincos", 1.2, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kS)))
      .kernel("partial_scores_8x8_rope_neox_reduced", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("partial_scores_8x8_rope_inter_reduced", (const void*)&a::partial_scores_kernel<k::RopeSplitPe<false, kReduced>>)
      .kernel("softmax_after", (const void*)&fuselab::kernels::attention::v006::softmax_after_kernel)
      .kernel("pv_8x8", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::rope::v020::launch, &a::workspace_bytes);
}
