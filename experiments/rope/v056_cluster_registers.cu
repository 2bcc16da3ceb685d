// rope/v056_cluster_registers — attention v046 with v017's rotation in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v056_cluster_registers.cuh"

FUSELAB_EXPERIMENT(rope, v056_cluster_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(
          "Attention v046's one-launch cluster design (predicted 1.25x over v032 at D = 2048, "
          "8192 and 16384) with the rotation in registers as Q and K land. A neox lane loads "
          "dims i..i+3 and their partners i+D/2.. as its step's two slabs, so both pairings "
          "rotate in place: 4 reduced sin/cos per float4 pair, no shuffles, and the neox "
          "loads stay whole 64-byte row pieces (v043's paired loader halves them). Expect the "
          "same 1.25x over v043 for both pairings (neox ~44.5 us at 16384, ~29 at 8192, ~16 "
          "at 2048 in the last runs), so ~36 / 23 / 13 at most.")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.25,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox",
                                        "b1_h4_s64_d2048_inter", "b1_h4_s64_d16384_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("cluster_registers_8_warps_rope_neox", (const void*)&a::v046::cluster_kernel<k::RopeSplitPe<true, kReduced>, 8>)
      .kernel("cluster_registers_4_warps_rope_neox", (const void*)&a::v046::cluster_kernel<k::RopeSplitPe<true, kReduced>, 4>)
      .kernel("cluster_registers_8_warps_rope_inter", (const void*)&a::v046::cluster_kernel<k::RopeSplitPe<false, kReduced>, 8>)
      .kernel("cluster_registers_4_warps_rope_inter", (const void*)&a::v046::cluster_kernel<k::RopeSplitPe<false, kReduced>, 4>)
      .launch(&fuselab::kernels::rope::v056::launch, &a::v046::workspace_bytes);
}
