// rope/v000_separate (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v000_separate.cuh"

FUSELAB_EXPERIMENT(rope, v000_separate) {
  namespace k = fuselab::kernels::rope::v000;
  return fuselab::Experiment{}
      .hypothesis(R"(
          Baseline pipeline: one RoPE kernel rotates Q and K into workspace (reads and writes
          both once: 8 MB at 1x4x64x2048 -> ~3 us plus a launch), then attention v001. The
          attention core dominates on H100: v001 re-reads the head's K/V once per query row (256
          MB of L2 traffic at D = 2048 -> ~50 us). Estimate ~55 us at 1x4x64x2048 neox; PyTorch
          eager SDPA + rope: 138 us.)")
      .prediction(fuselab::at_most_us(80.0, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits())
      .kernel("rope_qk_neox", (const void*)&k::rope_qk_kernel<true>)
      .kernel("rope_qk_inter", (const void*)&k::rope_qk_kernel<false>)
      .launch(&k::launch, &k::workspace_bytes);
}
