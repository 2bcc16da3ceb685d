// attention/v003_cluster — v002 in one launch with a cluster reduction (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v003_cluster.cuh"

FUSELAB_EXPERIMENT(attention, v003_cluster) {
  namespace k = fuselab::kernels::attention::v003;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, k::kKeys);
  return fuselab::Experiment{}
      .parent("attention/v002_split_d")
      .hypothesis(
          "v002 pays three dependent launches of small grids (~11 us hot at D = 128, where the "
          "work is nil) and streams its tiles with one register prefetch (~16 KB in flight per "
          "SM, latency-bound). One launch where the blocks of a head form a cluster and reduce "
          "the 64x64 scores through DSMEM removes two launches and the global workspace; a "
          "4-stage cp.async ring keeps ~40 KB in flight per SM. Estimates (cold): ~4.5 us at "
          "1x4x64x128 (launch floor ~2.3 us + one DRAM round trip + two cluster barriers), ~6 us "
          "at D = 2048 (128 blocks, 0.5 M FMA each), ~29 us at D = 16384 (67 MB at ~2.9 TB/s "
          "overlapped with 4.2 M FMA per block at ~100 FMA/clk/SM).")
      .prediction(fuselab::faster_than("attention/v002_split_d", 1.5,
                                       {"b1_h4_s64_d128", "b1_h4_s64_d2048", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("cluster_kernel", (const void*)&k::cluster_kernel<fuselab::kernels::attention::v002::NoPe>)
      .launch(&k::launch);
}
