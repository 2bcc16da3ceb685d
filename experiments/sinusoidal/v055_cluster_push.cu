// sinusoidal/v055_cluster_push — attention v047 with v016's PE in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v055_cluster_push.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v055_cluster_push) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v054_cluster_registers")
      .hypothesis(R"(
          Attention v047's pushed cluster reduction and 16 x 4-warp clusters (declared 1.15x
          over v046 at D = 2048, 8192 and 16384) under the same PE as v054, which ran 17.1 /
          41.8 / 71.6 us (run 20261125T0942*). The PE sits in phase 1, which v047 leaves as it
          is: the same 1.15x over v054.)")
      .prediction(fuselab::faster_than("sinusoidal/v054_cluster_registers", 1.15,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("cluster_push_16x4_sin", (const void*)&a::cluster_push::push_kernel<k::head_tile_reduced_sincos::Pe, 4, 16>)
      .kernel("cluster_push_8x8_sin", (const void*)&a::cluster_push::push_kernel<k::head_tile_reduced_sincos::Pe, 8, 8>)
      .kernel("cluster_push_8x4_sin", (const void*)&a::cluster_push::push_kernel<k::head_tile_reduced_sincos::Pe, 4, 8>)
      .launch(&k::v055::launch, &a::cluster_registers::workspace_bytes);
}
