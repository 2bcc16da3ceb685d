// attention/v012_head_tile_static_d — v005 compiled per head_dim (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v012_head_tile_static_d.cuh"

FUSELAB_EXPERIMENT(attention, v012_head_tile_static_d) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::attention::v012;
  return fuselab::Experiment{}
      .parent("attention/v005_head_tile_4rows")
      .hypothesis(
          "ncu on v005 at 1x4x64x128 (H100, 9.0 us at 1.58 GHz): 64 blocks of 8 warps, 2 warps "
          "per scheduler, 1.73 k instructions per warp at 5.6 cycles each; warps live ~9.8 k of "
          "the 14.3 k cycles. The instructions are mostly index arithmetic (runtime divisions "
          "by D/4 in the copy loop) and two long chains (a 128-FMA dot product per key, a "
          "64-step P V sum on half the threads). Compiled for D = 128: shifts, constant trip "
          "counts, 4 partial sums per key, all 256 threads in P V, V landing behind the "
          "scores. Expect ~0.7 k instructions per warp at a similar CPI: warp lifetime ~4 k "
          "cycles, ~1.45x faster cold (v005: 5.5-8.1 us across runs, so ~4-5.5 us).")
      .prediction(fuselab::faster_than("attention/v005_head_tile_4rows", 1.4, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::kKeys, a::kMaxD))
      .kernel("static_d_kernel_128", (const void*)&k::static_d_kernel<fuselab::kernels::attention::v002::NoPe, 128>)
      .launch(&k::launch);
}
