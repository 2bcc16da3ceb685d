// rope/v058_two_warps_per_scheduler — attention v048 with v017's rotation in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v058_two_warps_per_scheduler.cuh"

FUSELAB_EXPERIMENT(rope, v058_two_warps_per_scheduler) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  using Neox = k::RopeSplitPe<true, kReduced>;
  using Inter = k::RopeSplitPe<false, kReduced>;
  return fuselab::Experiment{}
      .parent("rope/v057_cluster_push")
      .hypothesis(
          "Attention v048's two warps per scheduler (declared 1.3x over v047 at D = 8192 and "
          "16384) under the same rotation as v057 (run 20261125T0959*: neox 41.1 / 70.1 us at "
          "8192 / 16384, interleaved 73.7 at 16384): the same 1.3x over v057, both pairings.")
      .prediction(fuselab::faster_than("rope/v057_cluster_push", 1.3,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox", "b1_h4_s64_d16384_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("half_keys_16_rope_neox", (const void*)&a::v048::half_keys_kernel<Neox, 16>)
      .kernel("half_keys_8_rope_neox", (const void*)&a::v048::half_keys_kernel<Neox, 8>)
      .kernel("half_keys_16_rope_inter", (const void*)&a::v048::half_keys_kernel<Inter, 16>)
      .kernel("half_keys_8_rope_inter", (const void*)&a::v048::half_keys_kernel<Inter, 8>)
      .launch(&fuselab::kernels::rope::v058::launch, &a::v046::workspace_bytes);
}
