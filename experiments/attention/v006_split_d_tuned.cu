// attention/v006_split_d_tuned — v002 tuned from its ncu profile (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v006_split_d_tuned.cuh"

FUSELAB_EXPERIMENT(attention, v006_split_d_tuned) {
  namespace k = fuselab::kernels::attention::v006;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, k::kS);
  return fuselab::Experiment{}
      .parent("attention/v002_split_d")
      .hypothesis(
          "ncu on v002's phase 1 at 1x4x64x16384: FMA pipe 34 % busy at IPC 2.1 of 4, 4-way bank "
          "conflicts on 75 % of the transposed-store wavefronts, short-scoreboard (shared "
          "memory) stalls 2.9 of the 7.0 cycles between a warp's instructions. Conflict-free "
          "full-sector loads, double-buffered tiles (one barrier per sub-tile) and operands "
          "loaded one step ahead should lift the FMA pipe towards 50 % in phases 1 and 3 "
          "(~1.4x on each); programmatic dependent launch hides part of two launch gaps and "
          "overlaps phase 3's first V loads with phases 1-2. Estimate ~38 us at D = 16384 "
          "(v002: 52 us) and ~15 us at D = 2048 (v002: 19 us).")
      .prediction(fuselab::faster_than("attention/v002_split_d", 1.25, {"b1_h4_s64_d2048", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_tuned", (const void*)&k::partial_scores_kernel<fuselab::kernels::attention::v002::NoPe>)
      .kernel("softmax_after", (const void*)&k::softmax_after_kernel)
      .kernel("pv_tuned", (const void*)&k::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
