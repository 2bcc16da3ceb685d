// rope/v055_keys_in_shared — attention v045 with the rotation, frequencies loaded with Q (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v055_keys_in_shared.cuh"

FUSELAB_EXPERIMENT(rope, v055_keys_in_shared) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v053_four_keys_per_warp")
      .hypothesis(
          "Attention v045's kernel with the rotation: K and V by cp.async, the lane's two "
          "frequencies loaded with Q instead of inside the hook after K lands, neox pairs read "
          "back into one lane. v053 measured 4.74-4.99 us neox and 5.46-5.57 interleaved (runs "
          "20261121T1321*, 1330*); its neox SASS kept the loads in one wave (long-scoreboard "
          "0.2 cycles per instruction), so the gain there is the frequency round trip alone. "
          "Expect ~4.4 us for both pairings. Declared: 1.08x over v053 at 1x4x64x128, both "
          "pairings.")
      .prediction(fuselab::faster_than("rope/v053_four_keys_per_warp", 1.08,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("keys_in_shared_kernel_rope_neox", (const void*)&a::v045::keys_in_shared_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("keys_in_shared_kernel_rope_inter", (const void*)&a::v045::keys_in_shared_kernel<k::RopeSplitPe<false, kReduced>>)
      .launch(&fuselab::kernels::rope::v055::launch);
}
