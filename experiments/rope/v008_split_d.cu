// rope/v008_split_d (mechanism: see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v008_split_d.cuh"

FUSELAB_EXPERIMENT(rope, v008_split_d) {
  namespace k = fuselab::kernels::rope::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, 64);
  return fuselab::Experiment{}
      .parent("rope/v007_hybrid")
      .hypothesis(
          "Attention v002's split-D design with each Q and K element rotated exactly once per "
          "query head in registers as its sub-tile lands (neox: a block owns matching 16-dim "
          "ranges of both halves). DRAM traffic is the minimum (67 MB at 1x4x64x16384, ~23 us), "
          "FLOPs spread over 264 blocks, and the rotation adds 4.2 M accurate sincosf pairs at "
          "D = 16384 (~5 us of issue chip-wide, overlapped with loads). Estimate ~45 us at D = "
          "16384 and ~9 us at D = 2048 versus ~430 us and ~55 us for v000: >= 5x on both.")
      .prediction(fuselab::faster_than("rope/v000_separate", 5.0, {"b1_h4_s64_d2048_neox", "b1_h4_s64_d16384_neox"}))
      .limits(lim)
      .kernel("partial_scores_rope_neox", (const void*)&fuselab::kernels::attention::v002::partial_scores_kernel<k::RopeSplitPe<true>>)
      .kernel("partial_scores_rope_inter", (const void*)&fuselab::kernels::attention::v002::partial_scores_kernel<k::RopeSplitPe<false>>)
      .kernel("softmax", (const void*)&fuselab::kernels::attention::v002::softmax_kernel)
      .kernel("pv", (const void*)&fuselab::kernels::attention::v002::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
