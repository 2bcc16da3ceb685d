// sinusoidal/v054_cluster_registers — attention v046 with v016's PE in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v054_cluster_registers.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v054_cluster_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(
          "Attention v046's one-launch cluster design (predicted 1.25x over v032 at D = 2048, "
          "8192 and 16384) with the PE added to Q and K in registers as they land: per 32 dims "
          "a warp adds 24 float4 PEs (48 reduced sin/cos, ~400 instructions beside ~420 for the "
          "products), each K element twice (two row groups). At 16384 that is ~3 us of issue "
          "per SM against ~13 us of phase-1 traffic, hidden. Expect the same 1.25x over v041 "
          "(~42 us at 16384, ~28 at 8192, ~15.5 at 2048 in the last runs), so ~33 / 19 / 8 us.")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.25,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("cluster_registers_8_warps_sin", (const void*)&a::v046::cluster_kernel<k::v016::Pe, 8>)
      .kernel("cluster_registers_4_warps_sin", (const void*)&a::v046::cluster_kernel<k::v016::Pe, 4>)
      .launch(&k::v054::launch, &a::v046::workspace_bytes);
}
