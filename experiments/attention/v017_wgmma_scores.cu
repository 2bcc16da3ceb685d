// attention/v017_wgmma_scores — v014 with phase 1 on wgmma, 3xTF32 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v017_wgmma_scores.cuh"

FUSELAB_EXPERIMENT(attention, v017_wgmma_scores) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::split_d::kS);
  return fuselab::Experiment{}
      .parent("attention/v014_row_softmax")
      .hypothesis(R"(
          v014's phase 1 at D = 16384 issues 11.2 M warp instructions, 8.7 M of them FMAs, and
          takes 28.7 us under ncu with the FMA pipe 42 % busy; its 33.5 MB of reads need ~12 us.
          On wgmma the products cost 24.6 k m64n64k8 instructions per launch (~3 us of tensor
          time over the chip) and the loader adds a tf32 split per element (~1 M instructions),
          so phase 1 should fall to its DRAM time, ~14 us under ncu. The other phases are
          v014's: ~37 us cold at D = 16384 (v014: 49.3, 1.3x) and ~25 us at D = 8192 (v014:
          32.1, 1.3x); declared as 1.25x. D = 2048 is latency-bound: no change.)")
      .prediction(fuselab::faster_than("attention/v014_row_softmax", 1.25, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma", (const void*)&a::v017::partial_scores_kernel<a::split_d::NoPe>)
      .kernel("row_softmax", (const void*)&a::split_d_row_softmax::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::split_d_register_tiles::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::split_d_tuned::pv_kernel)
      .launch(&a::v017::launch, &a::v017::workspace_bytes);
}
