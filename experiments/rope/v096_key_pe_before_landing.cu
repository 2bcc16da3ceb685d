// rope/v096_key_pe_before_landing — v095 with K's rotation values taken before K's rows land (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v096_key_pe_before_landing.cuh"

FUSELAB_EXPERIMENT(rope, v096_key_pe_before_landing) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v095_unshifted_exps")
      .hypothesis(
          "As sinusoidal v093: the sin/cos of a warp's 4 keys (16 SFU operations a warp) "
          "follow the wait on K in v095, so all 16 warps of an SM start them at once when K "
          "lands, ~0.27 us of SFU time on the chain. The probe (run 20261126T0536*) puts the "
          "rotation's cost at 0.22 us (neox: 3.90 against attention v078's 3.68 us). Taken "
          "before the wait from positions and frequencies alone, expect most of it to "
          "overlap K's landing: declared 1.03x over v095 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v095_unshifted_exps", 1.03,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("key_pe_before_landing_kernel_rope_neox_fma_round",
              (const void*)a::v078::kKernel<k::RopeSplitPe<true, kReducedFma>, true>)
      .kernel("key_pe_before_landing_kernel_rope_inter_fma_round",
              (const void*)a::v078::kKernel<k::RopeSplitPe<false, kReducedFma>, true>)
      .launch(&fuselab::kernels::rope::v096::launch);
}
