// sinusoidal/v010_head_tile_4rows — v009 at 4 rows per block (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v010_head_tile_4rows.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v010_head_tile_4rows) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::sinusoidal::v007;
  return fuselab::Experiment{}
      .parent("sinusoidal/v009_head_tile")
      .hypothesis(
          "Attention v005's geometry (4 rows per block, 64 blocks) for v009, which measured "
          "14.7 us at 1x4x64x128: v004 measured 11.1 us cold at 1x4x64x128 (hot 10.0), ~8 us above the one-launch cold floor (2.8 us): 16 blocks each run ~1.6 k instructions per thread on 8 warps (scores over D = 128 for 4 keys, then 2 output float4s over 64 keys), latency-bound at low IPC. With 4 rows per block, 64 blocks share the work: a quarter of the instructions per block, the same ~66 KB of K/V per block (L2 hits after the first block of a head). Estimate ~5.5 us: floor 2.8 + ~1.5 to land 66 KB in an SM + ~1 of compute; the PE adds 68 rows x 64 accurate sincosf pairs per "
          "block (~17 per thread). Estimate ~6 us.")
      .prediction(fuselab::at_most_us(7.0, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::kKeys, a::kMaxD))
      .kernel("head_tile_kernel_4rows_sin", (const void*)&a::head_tile_kernel<k::SinSplitPe, fuselab::kernels::attention::v005::kRows>)
      .launch(&fuselab::kernels::sinusoidal::v010::launch);
}
