// attention/v010_mma_presplit — v009 with phase 1's operands split once per element (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v010_mma_presplit.cuh"

FUSELAB_EXPERIMENT(attention, v010_mma_presplit) {
  namespace a = fuselab::kernels::attention::v007;
  namespace k = fuselab::kernels::attention::v010;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("attention/v009_mma_interleaved")
      .hypothesis(
          "Interleaving (v009) gained only 3-7 % at large D, so DRAM access order is not the "
          "limit. ncu of v007's phase 1 (1x4x64x16384, H200): 30 us, issue slots 45 % busy, 7.3 "
          "cycles per issued instruction with 3.7 warps per scheduler (registers and shared "
          "memory allow 2 blocks per SM), DRAM at 35 %, the busiest pipe the integer ALU: the "
          "phase is issue-latency-bound on ~600 instructions per warp per tile, of which 48 are "
          "mma; the rest re-load and re-split (cvt, sub, cvt) operands that 2 (Q) or 4 (K) "
          "warps share. Splitting each element once as the tile lands and storing big/small "
          "parts in fragment order cuts a warp's k-step from ~60 to 22 instructions and the "
          "tile to ~260 with the split pass: phase 1 ~2x faster (~15 us). Estimates: ~38 us at "
          "1x4x64x16384 and ~23 us at D = 8192 (v008 on the H100: 56.5 and 38 us).")
      .prediction(fuselab::faster_than("attention/v009_mma_interleaved", 1.25,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("presplit", (const void*)k::kernel<fuselab::kernels::attention::v002::NoPe>)
      .launch(&k::launch, &a::workspace_bytes);
}
