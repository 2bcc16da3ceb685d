// Design cluster_registers (sinusoidal v054, rope v056): one kernel design
// (kernels/designs/cluster_registers.cuh), declared here for each PE kind it
// runs, each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v054_cluster_registers.cuh"
#include "kernels/rope/v056_cluster_registers.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v054_cluster_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(R"(
          Attention v046's one-launch cluster design (predicted 1.25x over v032 at D = 2048,
          8192 and 16384) with the PE added to Q and K in registers as they land: per 32 dims a
          warp adds 24 float4 PEs (48 reduced sin/cos, ~400 instructions beside ~420 for the
          products), each K element twice (two row groups). At 16384 that is ~3 us of issue per
          SM against ~13 us of phase-1 traffic, hidden. Expect the same 1.25x over v041 (~42 us
          at 16384, ~28 at 8192, ~15.5 at 2048 in the last runs), so ~33 / 19 / 8 us.)")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.25,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("cluster_registers_8_warps_sin", (const void*)&a::cluster_registers::cluster_kernel<k::head_tile_reduced_sincos::Pe, 8>)
      .kernel("cluster_registers_4_warps_sin", (const void*)&a::cluster_registers::cluster_kernel<k::head_tile_reduced_sincos::Pe, 4>)
      .launch(&fuselab::kernels::sinusoidal::v054::launch, &fuselab::kernels::attention::cluster_registers::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v056_cluster_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::split_d_rotation;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(R"(
          Attention v046's one-launch cluster design (predicted 1.25x over v032 at D = 2048,
          8192 and 16384) with the rotation in registers as Q and K land. A neox lane loads dims
          i..i+3 and their partners i+D/2.. as its step's two slabs, so both pairings rotate in
          place: 4 reduced sin/cos per float4 pair, no shuffles, and the neox loads stay whole
          64-byte row pieces (v043's paired loader halves them). Expect the same 1.25x over v043
          for both pairings (neox ~44.5 us at 16384, ~29 at 8192, ~16 at 2048 in the last runs),
          so ~36 / 23 / 13 at most.)")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.25,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox",
                                        "b1_h4_s64_d2048_inter", "b1_h4_s64_d16384_inter"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernel("cluster_registers_8_warps_rope_neox", (const void*)&a::cluster_registers::cluster_kernel<k::RopeSplitPe<true, kReduced>, 8>)
      .kernel("cluster_registers_4_warps_rope_neox", (const void*)&a::cluster_registers::cluster_kernel<k::RopeSplitPe<true, kReduced>, 4>)
      .kernel("cluster_registers_8_warps_rope_inter", (const void*)&a::cluster_registers::cluster_kernel<k::RopeSplitPe<false, kReduced>, 8>)
      .kernel("cluster_registers_4_warps_rope_inter", (const void*)&a::cluster_registers::cluster_kernel<k::RopeSplitPe<false, kReduced>, 4>)
      .launch(&fuselab::kernels::rope::v056::launch, &fuselab::kernels::attention::cluster_registers::workspace_bytes);
}
