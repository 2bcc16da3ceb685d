// rope/v057_cluster_push — attention v047 with v017's rotation in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v057_cluster_push.cuh"

FUSELAB_EXPERIMENT(rope, v057_cluster_push) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  using Neox = k::RopeSplitPe<true, kReduced>;
  using Inter = k::RopeSplitPe<false, kReduced>;
  return fuselab::Experiment{}
      .parent("rope/v056_cluster_registers")
      .hypothesis(
          "Attention v047's pushed cluster reduction and 16 x 4-warp clusters (declared 1.15x "
          "over v046 at D = 2048, 8192 and 16384) under the same rotation as v056, which ran "
          "neox 16.7 / 41.1 / 69.5 us (run 20261125T0942*). The rotation sits in phase 1, "
          "which v047 leaves as it is: the same 1.15x over v056, both pairings.")
      .prediction(fuselab::faster_than("rope/v056_cluster_registers", 1.15,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox",
                                        "b1_h4_s64_d2048_inter", "b1_h4_s64_d16384_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("cluster_push_16x4_rope_neox", (const void*)&a::v047::push_kernel<Neox, 4, 16>)
      .kernel("cluster_push_8x8_rope_neox", (const void*)&a::v047::push_kernel<Neox, 8, 8>)
      .kernel("cluster_push_8x4_rope_neox", (const void*)&a::v047::push_kernel<Neox, 4, 8>)
      .kernel("cluster_push_16x4_rope_inter", (const void*)&a::v047::push_kernel<Inter, 4, 16>)
      .kernel("cluster_push_8x8_rope_inter", (const void*)&a::v047::push_kernel<Inter, 8, 8>)
      .kernel("cluster_push_8x4_rope_inter", (const void*)&a::v047::push_kernel<Inter, 4, 8>)
      .launch(&fuselab::kernels::rope::v057::launch, &a::v046::workspace_bytes);
}
