// attention/v026_wgmma_one_launch — v024's three phases in one cooperative launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v026_wgmma_one_launch.cuh"

FUSELAB_EXPERIMENT(attention, v026_wgmma_one_launch) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v024_wgmma_pv_register_a")
      .hypothesis(
          "v025 (one launch, a cluster per head) lost 0.66x at D = 16384: 16 blocks per head "
          "use 64 SMs at 2 warps per scheduler, and ncu shows it bound by issue latency (32 % "
          "issue, 8.9 M instructions), not by DRAM (20 %). Keeping v024's blocks (2 per SM on "
          "every SM) and turning its launch boundaries into grid barriers removes only the "
          "seams: the softmax phase (6.4 us under ncu at D = 16384, latency-bound) no longer "
          "waits for a launch, and V is prefetched into L2 across both barriers. v008 gained "
          "1.11x over v007 the same way. Expect ~3 us less at D >= 8192 and ~2 us at D = 2048: "
          "1.06x over v024 at D = 2048, 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v024_wgmma_pv_register_a", 1.06,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("one_launch_wgmma", (const void*)&a::v026::one_launch_kernel<a::v002::NoPe>)
      .launch(&a::v026::launch, &a::v026::workspace_bytes);
}
