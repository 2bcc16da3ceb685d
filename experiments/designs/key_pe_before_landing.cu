// Design key_pe_before_landing (sinusoidal v093, rope v096): one kernel design
// (kernels/designs/key_pe_before_landing.cuh), declared here for each PE kind
// it runs, each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v093_key_pe_before_landing.cuh"
#include "kernels/rope/v096_key_pe_before_landing.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v093_key_pe_before_landing) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v092_unshifted_exps")
      .hypothesis(R"(
          ncu (run 20261126T0536*) counts 980 K instructions for v092 against 760 K for
          attention v078, the same design without PE: ~107 a warp, mostly the sin/cos of its 4
          keys at the lane's two frequencies (8 pairs, 16 SFU operations). In the PTX they
          follow cp.async.wait_group, so all 16 warps of an SM start them when K lands: 16 x 16
          SFU operations at 8 cycles a warp over 4 schedulers, ~500 cycles (~0.27 us) of SFU
          time on the chain where nothing else overlaps it. The probe puts the PE's cost at 0.11
          us (3.79 against 3.68 us). The values need only the keys' positions and the
          frequencies, which land with or before K; taken before the wait, expect most of that
          cost to overlap K's landing: declared 1.02x over v092 at 1x4x64x128.)")
      .prediction(fuselab::faster_than("sinusoidal/v092_unshifted_exps", 1.02, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::head_tile::kKeys, a::head_tile::kMaxD)))
      .kernel("key_pe_before_landing_kernel_sin_fma_round", (const void*)a::unshifted_exps::kKernel<k::reduction_on_fma_pipe::Pe, true>)
      .launch(&fuselab::kernels::sinusoidal::v093::launch);
}

FUSELAB_EXPERIMENT(rope, v096_key_pe_before_landing) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::split_d_rotation;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v095_unshifted_exps")
      .hypothesis(R"(
          As sinusoidal v093: the sin/cos of a warp's 4 keys (16 SFU operations a warp) follow
          the wait on K in v095, so all 16 warps of an SM start them at once when K lands, ~0.27
          us of SFU time on the chain. The probe (run 20261126T0536*) puts the rotation's cost
          at 0.22 us (neox: 3.90 against attention v078's 3.68 us). Taken before the wait from
          positions and frequencies alone, expect most of it to overlap K's landing: declared
          1.03x over v095 at 1x4x64x128, both pairings.)")
      .prediction(fuselab::faster_than("rope/v095_unshifted_exps", 1.03,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::head_tile::kKeys, a::head_tile::kMaxD)))
      .kernel("key_pe_before_landing_kernel_rope_neox_fma_round",
              (const void*)a::unshifted_exps::kKernel<k::RopeSplitPe<true, kReducedFma>, true>)
      .kernel("key_pe_before_landing_kernel_rope_inter_fma_round",
              (const void*)a::unshifted_exps::kKernel<k::RopeSplitPe<false, kReducedFma>, true>)
      .launch(&fuselab::kernels::rope::v096::launch);
}
