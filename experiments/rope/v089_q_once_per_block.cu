// rope/v089_q_once_per_block — attention v073 with the rotation (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v089_q_once_per_block.cuh"

FUSELAB_EXPERIMENT(rope, v089_q_once_per_block) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v055_keys_in_shared")
      .hypothesis(
          "v055 is attention v045 with the rotation: 4.51 / 4.67 us neox / interleaved "
          "against v045's 4.32 (run 20261126T0042*), 4.77 / 5.12 against 4.64 (0052*). As in "
          "sinusoidal v053, every warp rotates both Q rows, a third of the lane's 12 angles, "
          "and loads Q again. Attention v073 rotates and loads Q once per block. The rotation "
          "costs v055 less than the sinusoidal PE costs v053 (~0.2-0.5 us), so expect v073's "
          "gain (~0.2 us) and a smaller one from the angles (~0.1 us): ~4.25 us neox. "
          "Declared: 1.06x over v055 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v055_keys_in_shared", 1.06,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("q_once_kernel_rope_neox", (const void*)&a::v073::q_once_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("q_once_kernel_rope_inter", (const void*)&a::v073::q_once_kernel<k::RopeSplitPe<false, kReduced>>)
      .launch(&fuselab::kernels::rope::v089::launch);
}
