// rope/v085_cluster_multicast_kv — attention v069 with the rotation (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v085_cluster_multicast_kv.cuh"

FUSELAB_EXPERIMENT(rope, v085_cluster_multicast_kv) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v055_keys_in_shared")
      .hypothesis(
          "Attention v069's K and V by multicast over clusters of 8 blocks of a head under "
          "v055's rotation (K rotated in registers as it is read back, neox pairs in one "
          "lane). The rotation is per block and unchanged; the head tile's L2 traffic falls "
          "from 8 MB to 1 MB at 1x4x64x128, predicted to save ~0.6 us net as in attention "
          "v069: ~4.5 us against v055's 5.04 (neox) and 5.25 (interleaved). Declared: 1.12x "
          "over v055 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v055_keys_in_shared", 1.12,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("multicast_kernel_rope_neox", (const void*)&a::v069::multicast_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("multicast_kernel_rope_inter", (const void*)&a::v069::multicast_kernel<k::RopeSplitPe<false, kReduced>>)
      .launch(&fuselab::kernels::rope::v085::launch);
}
