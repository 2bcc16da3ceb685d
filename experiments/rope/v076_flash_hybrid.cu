// rope/v076_flash_hybrid — K rotated by a pass, Q in attention v059's flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v076_flash_hybrid.cuh"

FUSELAB_EXPERIMENT(rope, v076_flash_hybrid) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  using fuselab::kernels::QOnly;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v075_flash_separate")
      .hypothesis(
          "Run 1706*: at 8x16x1024x128 neox the separate pipeline (v075, 1004.5 us) ran only "
          "1.006x slower than the fused v071 (998.7): the pass's 268 MB cost about what v071's "
          "fused rotation costs, since each 128-row block rotates all of its head's keys (8 "
          "times per key) and each Q element once. K's share of v071's ~91 us of rotation is "
          "then ~8/9 (~80 us). The study's hybrid, K rotated by a pass of its own (134 MB, ~46 "
          "us) and Q in the kernel: ~908 + 46 + 10 = ~964 us. Predicted 1.03x over v071, neox.")
      .prediction(fuselab::faster_than("rope/v071_flash_late_raw_wait", 1.03, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("rope_qk_neox", (const void*)&k::v000::rope_qk_kernel<true>)
      .kernel("rope_qk_inter", (const void*)&k::v000::rope_qk_kernel<false>)
      .kernel("flash_wgmma_late_raw_wait_q_rope_neox_reduced",
              (const void*)a::v054::kKernel<QOnly<k::v008::RopeSplitPe<true, Sincos::kReduced>>, true, true, true, true>)
      .kernel("flash_wgmma_late_raw_wait_q_rope_inter_reduced",
              (const void*)a::v054::kKernel<QOnly<k::v008::RopeSplitPe<false, Sincos::kReduced>>, true, true, true, true>)
      .launch(&k::v076::launch, &k::v076::workspace_bytes);
}
