// attention/v046_cluster_registers — one launch, a cluster per head and 32 rows, operands straight into mma fragments (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v046_cluster_registers.cuh"

FUSELAB_EXPERIMENT(attention, v046_cluster_registers) {
  namespace a = fuselab::kernels::attention;
  using NoPe = a::v002::NoPe;
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "v025's cluster per head lost (68 us at D = 16384) to instructions per element on 64 "
          "SMs: ~350 warp-instructions to land, split and store a 32-dim sub-tile in shared "
          "memory, at 2 warps per scheduler. Here a cluster of 16 owns a head's 32 query rows "
          "(128 blocks, one per SM) and every Q, K and V float4 goes from global memory straight "
          "into an mma.sync fragment (a lane takes dims 4t..4t+3: the k index order is free as "
          "long as Q and K agree; V's float4 spans 4 n-tiles, so O leaves as 16-byte stores): "
          "per 32 dims a warp issues 24 loads, 192 split instructions and 192 mma, nothing in "
          "shared memory but the 32x64 scores and P, and no launch seams. Bytes: Q, V, O once "
          "from DRAM, K twice from L2 (two row groups). Estimate: phase 1 and phase 3 each move "
          "half the 67 MB at ~2.5 TB/s (~13 us each at D = 16384), the cluster reduction ~2 us, "
          "the cold launch ~3 us: ~31 us at 16384 (v032: ~41.5), ~18 us at 8192 (~27.5), ~8 us "
          "at 2048 (~15.5). Declared: 1.25x over v032 at D = 2048, 8192 and 16384. Risk: the "
          "device may not co-schedule eight clusters of 16 (then 8-block clusters, 64 SMs).")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.25,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS))
      .kernel("cluster_registers_8_warps", (const void*)&a::v046::cluster_kernel<NoPe, 8>)
      .kernel("cluster_registers_4_warps", (const void*)&a::v046::cluster_kernel<NoPe, 4>)
      .launch(&a::v046::launch, &a::v046::workspace_bytes);
}
