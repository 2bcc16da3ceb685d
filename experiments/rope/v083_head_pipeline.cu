// rope/v083_head_pipeline — v050's rotation on attention v067 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v083_head_pipeline.cuh"

FUSELAB_EXPERIMENT(rope, v083_head_pipeline) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v060_early_triggers")
      .hypothesis(
          "Attention v067 overlaps the split-D phases across heads with one queue of items in "
          "one plain launch, predicted 1.08x over v050 at D = 8192 and 16384 (the seams between "
          "phases, ~7 us over the traffic floor at 16384, half recovered). The rotation stays in "
          "phase 1's loader, apart from the queue: the same 1.08x over v060, neox.")
      .prediction(fuselab::faster_than("rope/v060_early_triggers", 1.08,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("head_pipeline_rope_neox_reduced_qk_shared",
              (const void*)a::v067::kKernel<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("head_pipeline_rope_inter_reduced_qk_shared",
              (const void*)a::v067::kKernel<Inter, a::v020::SpreadRowQkSubTiles>)
      .launch(&fuselab::kernels::rope::v083::launch, &a::v067::workspace_bytes);
}
