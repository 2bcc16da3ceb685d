// rope/v019_head_tile_static_d — attention v012 with v017's rotation (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v019_head_tile_static_d.cuh"

FUSELAB_EXPERIMENT(rope, v019_head_tile_static_d) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::rope::v008;
  namespace s = fuselab::kernels::attention::v012;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v017_head_tile_reduced_sincos")
      .hypothesis(
          "Attention v012's head tile compiled for D = 128 (shifts, constant trip counts, "
          "shorter chains, V landing behind the scores) under v017's rotation. Expect the same "
          "~1.45x as attention v012 over v005: ~6.1 us (v017: 8.6-9.0 us), both pairings.")
      .prediction(fuselab::faster_than("rope/v017_head_tile_reduced_sincos", 1.4, {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kKeys, a::kMaxD)))
      .kernel("static_d_kernel_128_rope_neox", (const void*)&s::static_d_kernel<k::RopeSplitPe<true, kReduced>, 128>)
      .kernel("static_d_kernel_128_rope_inter", (const void*)&s::static_d_kernel<k::RopeSplitPe<false, kReduced>, 128>)
      .launch(&fuselab::kernels::rope::v019::launch);
}
