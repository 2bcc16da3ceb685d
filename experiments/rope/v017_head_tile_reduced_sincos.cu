// rope/v017_head_tile_reduced_sincos — v011 with reduced __sincosf (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v017_head_tile_reduced_sincos.cuh"

FUSELAB_EXPERIMENT(rope, v017_head_tile_reduced_sincos) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::rope::v008;
  constexpr int kRows = fuselab::kernels::attention::v005::kRows;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v011_head_tile_4rows")
      .hypothesis(
          "At 1x4x64x128 v011 measured ~9.8 us against attention v005's 5.5-7.1 us for the same "
          "geometry without rotation: ~3 us of rotation. Each block rotates 68 rows x 64 pairs, "
          "~17 accurate sincosf per thread (~40 instructions each) on 8 warps, latency-bound. "
          "Reducing the angle to [-pi, pi] in two FMAs and taking the SFU's __sincosf cuts that "
          "to ~6 instructions and two SFU ops per pair (error <= ~5e-7 below 2^17 rad). Expect "
          "the rotation's ~3 us to fall to <= 1 us: ~7.5 us, 1.25x v011, both pairings.")
      .prediction(fuselab::faster_than("rope/v011_head_tile_4rows", 1.25, {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kKeys, a::kMaxD)))
      .kernel("head_tile_kernel_4rows_rope_neox_reduced", (const void*)&a::head_tile_kernel<k::RopeSplitPe<true, kReduced>, kRows>)
      .kernel("head_tile_kernel_4rows_rope_inter_reduced", (const void*)&a::head_tile_kernel<k::RopeSplitPe<false, kReduced>, kRows>)
      .launch(&fuselab::kernels::rope::v017::launch);
}
