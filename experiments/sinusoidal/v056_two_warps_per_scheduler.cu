// sinusoidal/v056_two_warps_per_scheduler — attention v048 with v016's PE in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v056_two_warps_per_scheduler.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v056_two_warps_per_scheduler) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v055_cluster_push")
      .hypothesis(
          "Attention v048's two warps per scheduler (declared 1.3x over v047 at D = 8192 and "
          "16384) under the same PE as v055 (run 20261125T0959*: 40.6 / 69.3 us at 8192 / "
          "16384). The PE's sin/cos are more independent work for the second warp to issue "
          "beside the mma chains: the same 1.3x over v055.")
      .prediction(fuselab::faster_than("sinusoidal/v055_cluster_push", 1.3, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("half_keys_16_sin", (const void*)&a::v048::half_keys_kernel<k::v016::Pe, 16>)
      .kernel("half_keys_8_sin", (const void*)&a::v048::half_keys_kernel<k::v016::Pe, 8>)
      .launch(&k::v056::launch, &a::v046::workspace_bytes);
}
