// attention/v075_mma_sixteen_warps — v074 with 16 warps, each half the chain, its fragments read as vectors (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v075_mma_sixteen_warps.cuh"

FUSELAB_EXPERIMENT(attention, v075_mma_sixteen_warps) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v074_mma_head_tile")
      .hypothesis(
          "Run 20261126T0414*: v074's data movement alone takes 2.18 us (the probe's 8-row "
          "row, against 5.04 for v045's shape in the same call), yet v074 ties v045 (1.02x "
          "paired, ~5 us). ncu: 906 instructions a warp at 2 warps a scheduler, issue 36 % "
          "active, stalls on fixed-latency dependencies (2.1 cycles per instruction) and "
          "shared loads (0.9): ~2.9 us of chain after the loads. v075 gives each of 16 warps "
          "half the tiles (4 k-steps), reads K, Q, V and P fragments as float4 / float2 (the "
          "products' k order permuted), and rotates each warp's mma over four accumulators. "
          "With 4 warps a scheduler and shorter dependencies, expect issue near 60 % and the "
          "chain at ~1.5 us: ~3.6 us. Declared: 1.25x over v074 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v074_mma_head_tile", 1.25, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("sixteen_warps_kernel", (const void*)&a::v075::sixteen_warps_kernel<a::v002::NoPe>)
      .launch(&a::v075::launch);
}
