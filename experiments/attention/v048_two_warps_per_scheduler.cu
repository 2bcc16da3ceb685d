// attention/v048_two_warps_per_scheduler — v047 with 8-warp blocks at 128 registers, each warp half the keys (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v048_two_warps_per_scheduler.cuh"

FUSELAB_EXPERIMENT(attention, v048_two_warps_per_scheduler) {
  namespace a = fuselab::kernels::attention;
  using NoPe = a::v002::NoPe;
  return fuselab::Experiment{}
      .parent("attention/v047_cluster_push")
      .hypothesis(
          "v047 (run 20261125T0959*: 15.0 / 35.7 / 59.8 us at D = 2048 / 8192 / 16384) issues on "
          "26 % of cycles at 1.18 warps per scheduler, its leading stall a fixed-latency wait "
          "(1.81 cycles per instruction) between dependent mma: one warp with nothing else to "
          "issue. Here the 128 blocks have 8 warps each, held to 128 registers so that 16-block "
          "clusters of them fit (v046's 8-warp blocks at 254 registers fit only 7 clusters): "
          "2 warps per scheduler. Each warp owns half the keys (16 accumulators instead of 64) and "
          "every fourth 32-dim step; Q is loaded by two warps (an L1 hit for the second). Phase 3 "
          "deals the 32-dim groups out in turn with no second V group in registers. With two "
          "warps to interleave, the wait and scoreboard stalls overlap: expect ~1.5x over v047 "
          "at D = 8192 and 16384 (~24 and ~40 us), less at 2048 where the barriers and round "
          "trips dominate (~13 us). Declared: 1.3x over v047 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v047_cluster_push", 1.3, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS))
      .kernel("half_keys_16", (const void*)&a::v048::half_keys_kernel<NoPe, 16>)
      .kernel("half_keys_8", (const void*)&a::v048::half_keys_kernel<NoPe, 8>)
      .launch(&a::v048::launch, &a::v046::workspace_bytes);
}
