// attention/v069_cluster_multicast_kv — v045 with K and V multicast over clusters of 8 blocks (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v069_cluster_multicast_kv.cuh"

FUSELAB_EXPERIMENT(attention, v069_cluster_multicast_kv) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v045_keys_in_shared")
      .hypothesis(
          "At 1x4x64x128 each of a head's 32 blocks copies the head's whole K and V (64 KB) "
          "from L2: 8 MB out of L2 for 256 KB of distinct bytes, 32 requests per line at once. "
          "ncu on v045 (run 20261121T1344*): long-scoreboard stalls 1.68 cycles per "
          "instruction, issue 40 % active. If serving those 8 MB takes ~1 us of L2 bandwidth "
          "(~8 TB/s), multicasting each rank's eighth of K and V over a cluster of 8 blocks "
          "of the head (1 MB out of L2) saves ~0.8 us, less ~0.2 us for the cluster barrier "
          "at the start: ~4.3 us against v045's 4.86. Declared: 1.12x over v045 at "
          "1x4x64x128. fuselab_probe_head_tile_reads times the same data movement without "
          "the math, by cp.async and by multicast over clusters of 1-8, in the same call.")
      .prediction(fuselab::faster_than("attention/v045_keys_in_shared", 1.12, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("multicast_kernel", (const void*)&a::v069::multicast_kernel<a::v002::NoPe>)
      .launch(&a::v069::launch);
}
