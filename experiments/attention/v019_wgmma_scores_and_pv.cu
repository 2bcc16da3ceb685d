// attention/v019_wgmma_scores_and_pv — v018 with phase 3 on wgmma too (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"

FUSELAB_EXPERIMENT(attention, v019_wgmma_scores_and_pv) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v018_wgmma_scores_two_ahead")
      .hypothesis(
          "Phase 3 (O = P V) takes 22.5 us under ncu at D = 16384 on SIMT 8x8 tiles, bound by "
          "issuing 268 M FMAs (issue 64 %), against ~12 us for its 33.5 MB of DRAM traffic. On "
          "wgmma (3xTF32, V transposed into K-major as it is stored) it should fall near that "
          "DRAM time, ~14 us under ncu: ~7 us less cold at D = 16384 and ~3.5 us at D = 8192, "
          "about 1.2x and 1.15x over v018. D = 2048 runs v006's phase 3 as before.")
      .prediction(fuselab::faster_than("attention/v018_wgmma_scores_two_ahead", 1.15, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_two_ahead", (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, a::v018::kAhead>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v019::launch, &a::v019::workspace_bytes);
}
