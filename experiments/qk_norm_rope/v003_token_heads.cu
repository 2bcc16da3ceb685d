// qk_norm_rope/v003_token_heads (mechanism: see the kernel file).
#include "experiments/qk_norm_rope/limits.h"
#include "harness/core/registry.h"
#include "kernels/qk_norm_rope/v003_token_heads.cuh"

FUSELAB_EXPERIMENT(qk_norm_rope, v003_token_heads) {
  namespace k = fuselab::kernels::qk_norm_rope::v003;
  return fuselab::Experiment{}
      .parent("qk_norm_rope/v002_vec4_groups")
      .hypothesis(R"(
          Every head of a token is rotated by the same angles, yet v002 evaluates four accurate
          sincosf per lane for each head row (~160 instructions a lane) and keeps only 32 bytes
          per lane in flight. Giving each lane group two heads of one token halves the sincosf
          and doubles the bytes in flight (four float4 streaming loads before any math), as
          rope_standalone's rows-in-flight step took it from ~90 % to ~96 % of the copy ceiling:
          >= 95 % at [16384, 32+8, 128], 671 MB / (0.95 x 2.97 TB/s) = 238 us.)")
      .prediction(fuselab::at_most_us(238.0, {"t16384_h32kv8_d128_neox"}))
      // D % 8 == 0: float4 halves; D <= 256: one row per group of <= 32 lanes
      .limits(fuselab::experiments::qk_norm_rope::pairings_with_head_dim(8, 256))
      .kernel("token_heads_neox_16", (const void*)&k::token_heads_kernel<true, 16>)
      .kernel("token_heads_inter_16", (const void*)&k::token_heads_kernel<false, 16>)
      .launch(&k::launch);
}
