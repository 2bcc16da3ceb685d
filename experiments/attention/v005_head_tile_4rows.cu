// attention/v005_head_tile_4rows — v004 at 4 rows per block (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v005_head_tile_4rows.cuh"

FUSELAB_EXPERIMENT(attention, v005_head_tile_4rows) {
  namespace a = fuselab::kernels::attention::head_tile;
  namespace k = fuselab::kernels::attention::v005;
  return fuselab::Experiment{}
      .parent("attention/v004_head_tile")
      .hypothesis(R"(
          v004's head tile measured 11.1 us cold at 1x4x64x128 (hot 10.0), ~8 us above the
          one-launch cold floor (2.8 us): 16 blocks each run ~1.6 k instructions per thread on 8
          warps (scores over D = 128 for 4 keys, then 2 output float4s over 64 keys),
          latency-bound at low IPC. With 4 rows per block, 64 blocks share the work: a quarter
          of the instructions per block, the same ~66 KB of K/V per block (L2 hits after the
          first block of a head). Estimate ~5.5 us: floor 2.8 + ~1.5 to land 66 KB in an SM + ~1
          of compute.)")
      .prediction(fuselab::at_most_us(6.5, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::kKeys, a::kMaxD))
      .kernel("head_tile_kernel_4rows", (const void*)&a::head_tile_kernel<fuselab::kernels::attention::split_d::NoPe, k::kRows>)
      .launch(&k::launch);
}
