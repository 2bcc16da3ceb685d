// attention/v047_cluster_push — v046 with the cluster reduction pushed and 16-block clusters of 4 warps first (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v047_cluster_push.cuh"

FUSELAB_EXPERIMENT(attention, v047_cluster_push) {
  namespace a = fuselab::kernels::attention;
  using NoPe = a::v002::NoPe;
  return fuselab::Experiment{}
      .parent("attention/v046_cluster_registers")
      .hypothesis(
          "v046 lost to v032 (run 20261125T0942*: 16.9 / 39.9 / 66.5 us at D = 2048 / 8192 / "
          "16384). Two causes named from that run: (1) at D >= 4096 it ran 64 blocks, since "
          "the H100 holds only 7 clusters of 16 one-block-per-SM blocks (probe: 7, against 14 "
          "with 4-warp blocks), and ncu shows 22 % of DRAM peak at 16384; (2) its owner warp "
          "sums 2 x 16 remote values through DSMEM one load after another (~200 cycles each: "
          "~3.5 us at 1.75 GHz), on every D. Here each rank pushes its rows into the owner's "
          "shared memory (4 float4 DSMEM stores per thread, nothing waits on a remote load), "
          "and 16-block clusters of 4 warps come first at every D: if the block scheduler "
          "spreads them, 128 SMs at D >= 4096. Estimate: ~3 us less at 2048 (~14 us), about "
          "half of v046's time at 8192 and 16384 if the blocks spread. Declared: 1.15x over "
          "v046 at D = 2048, 8192 and 16384 (v046 re-measured in the same run).")
      .prediction(fuselab::faster_than("attention/v046_cluster_registers", 1.15,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS))
      .kernel("cluster_push_16x4", (const void*)&a::v047::push_kernel<NoPe, 4, 16>)
      .kernel("cluster_push_8x8", (const void*)&a::v047::push_kernel<NoPe, 8, 8>)
      .kernel("cluster_push_8x4", (const void*)&a::v047::push_kernel<NoPe, 4, 8>)
      .launch(&a::v047::launch, &a::v046::workspace_bytes);
}
