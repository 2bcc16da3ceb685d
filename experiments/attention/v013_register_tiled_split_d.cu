// attention/v013_register_tiled_split_d — v006 with 8x8 register tiles (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v013_register_tiled_split_d.cuh"

FUSELAB_EXPERIMENT(attention, v013_register_tiled_split_d) {
  namespace k = fuselab::kernels::attention::v013;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, k::kS);
  return fuselab::Experiment{}
      .parent("attention/v006_split_d_tuned")
      .hypothesis(
          "v006's ncu profile at 1x4x64x16384 (reports/device-logs/20261121T0340Z-ncu-phase-"
          "profile.txt): phase 1 37.4 us with the FMA pipe 31 % busy, 4.8 of its 7.6 cycles "
          "between a warp's instructions stalled on shared memory (MIO throttle 2.2, short "
          "scoreboard 2.6); phase 3 26.1 us, FMA 48 %, short scoreboard 2.9. Both phases do "
          "268 M FMAs at D = 16384 (~9 us each at the SIMT peak), so they are bound by feeding "
          "the FMA pipe, not by DRAM (33 MB each, ~12 us at copy bandwidth). 8x8 register tiles "
          "halve the shared loads per FMA and give a warp 64 independent FMAs per step; if the "
          "FMA pipe reaches ~60 % in both phases, each nears its DRAM time: ~45 us at "
          "D = 16384 (v006: 56) and ~29 us at D = 8192 (v006: 36), 1.25x; D = 2048 is "
          "latency-bound and should stay within 10 %.")
      .prediction(fuselab::faster_than("attention/v006_split_d_tuned", 1.2, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_8x8", (const void*)&k::partial_scores_kernel<fuselab::kernels::attention::v002::NoPe>)
      .kernel("softmax_after", (const void*)&fuselab::kernels::attention::v006::softmax_after_kernel)
      .kernel("pv_8x8", (const void*)&k::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
