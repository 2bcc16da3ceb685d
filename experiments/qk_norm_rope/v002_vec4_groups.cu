// qk_norm_rope/v002_vec4_groups (mechanism: see the kernel file).
#include "experiments/qk_norm_rope/limits.h"
#include "harness/core/registry.h"
#include "kernels/qk_norm_rope/v002_vec4_groups.cuh"

FUSELAB_EXPERIMENT(qk_norm_rope, v002_vec4_groups) {
  namespace k = fuselab::kernels::qk_norm_rope::v002;
  return fuselab::Experiment{}
      .parent("qk_norm_rope/v001_fused")
      .hypothesis(R"(
          v001 spends a whole warp on a 128-wide row with 4-byte accesses. Giving a row to 16
          lanes (two rows per warp at D 128), each streaming two float4s (32 bytes in flight per
          lane, evict-first), one float4 of inv_freq and four sincosf, as rope_standalone's vec4
          kernels that reached the copy ceiling do, should bring the fused pass to >= 90 % of
          the copy ceiling: 671 MB / (0.9 x 2.97 TB/s) = 251 us at [16384, 32+8, 128] and 4.83
          GB / (0.9 x 2.97 TB/s) = 1807 us at [65536, 64+8, 128].)")
      .prediction(fuselab::at_most_us(251.0, {"t16384_h32kv8_d128_neox"}))
      // D % 8 == 0: float4 halves; D <= 256: one row per group of <= 32 lanes
      .limits(fuselab::experiments::qk_norm_rope::pairings_with_head_dim(8, 256))
      .kernel("vec4_groups_neox_16", (const void*)&k::vec4_groups_kernel<true, 16>)
      .kernel("vec4_groups_inter_16", (const void*)&k::vec4_groups_kernel<false, 16>)
      .launch(&k::launch);
}
