// rope/v065_counting_barrier — v050's rotation on attention v053 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v065_counting_barrier.cuh"

FUSELAB_EXPERIMENT(rope, v065_counting_barrier) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  using Counted = fuselab::kernels::CountingGridBarrier;
  return fuselab::Experiment{}
      .parent("rope/v064_v_resident_two_per_sm")
      .hypothesis(
          "Attention v053 launches v052's kernel plainly, its barriers counted in a workspace "
          "word, predicted 1.07x over v052 at D = 2048, 8192 and 16384 (a cooperative launch "
          "seems to cost ~3.5 us more to start). The rotation is in phase 1's loader, apart "
          "from the launch: the same 1.07x over v064, neox, at all three (~46 us at 16384).")
      .prediction(fuselab::faster_than("rope/v064_v_resident_two_per_sm", 1.07,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("resident_v_two_per_sm_counting_barrier_rope_neox_reduced_qk_shared",
              (const void*)a::v052::kKernel<Neox, a::v020::SpreadRowQkSubTiles, Counted>)
      .kernel("resident_v_two_per_sm_counting_barrier_rope_inter_reduced_qk_shared",
              (const void*)a::v052::kKernel<Inter, a::v020::SpreadRowQkSubTiles, Counted>)
      .launch(&fuselab::kernels::rope::v065::launch, &a::v053::workspace_bytes);
}
