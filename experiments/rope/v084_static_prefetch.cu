// rope/v084_static_prefetch — v050's rotation on attention v068 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v083_head_pipeline.cuh"

FUSELAB_EXPERIMENT(rope, v084_static_prefetch) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v083_head_pipeline")
      .hypothesis(
          "Attention v068 deals v067's tickets round-robin and sends each block's next item "
          "to L2 as it begins the current one, predicted 1.15x over v067 at D = 8192 and 16384 "
          "(~5 ticket round trips and ~4 cold starts a block). The rotation stays in phase 1's "
          "loader, apart from the schedule: the same 1.15x over v083, neox.")
      .prediction(fuselab::faster_than("rope/v083_head_pipeline", 1.15,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("head_pipeline_static_prefetch_rope_neox_reduced_qk_shared",
              (const void*)a::v067::kKernel<Neox, a::v020::SpreadRowQkSubTiles, true>)
      .kernel("head_pipeline_static_prefetch_rope_inter_reduced_qk_shared",
              (const void*)a::v067::kKernel<Inter, a::v020::SpreadRowQkSubTiles, true>)
      .launch(&fuselab::kernels::rope::v083::launch_scheduled<true>, &a::v067::workspace_bytes);
}
