// sinusoidal/v082_cluster_multicast_kv — attention v069 with v016's PE (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v082_cluster_multicast_kv.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v082_cluster_multicast_kv) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v053_keys_in_shared")
      .hypothesis(
          "Attention v069's K and V by multicast over clusters of 8 blocks of a head under "
          "v053's PE (added in registers as K is read back). The PE is per block and "
          "unchanged; what moves is the L2 traffic of the head tile (8 MB to 1 MB at "
          "1x4x64x128), predicted to save ~0.6 us net as in attention v069: ~4.7 us against "
          "v053's 5.31. Declared: 1.12x over v053 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v053_keys_in_shared", 1.12, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("multicast_kernel_sin", (const void*)&a::v069::multicast_kernel<k::v016::Pe>)
      .launch(&k::v082::launch);
}
