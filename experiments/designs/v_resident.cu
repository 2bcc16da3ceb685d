// Design v_resident (attention v051, sinusoidal v060, rope v063): one design,
// declared here for each PE kind it runs (its recipe for that kind: the
// version's kernel header), each declaration as it was written before its
// numbers existed.
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v051_v_resident.cuh"
#include "kernels/sinusoidal/v060_v_resident.cuh"
#include "kernels/rope/v063_v_resident.cuh"
#include "kernels/rope/parts/qk_shared_hooks.cuh"

FUSELAB_EXPERIMENT(attention, v051_v_resident) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v039_lean_phase3_prologue")
      .hypothesis(R"(
          At D = 16384 v039's phase 1 reads Q and K (33.6 MB) in ~21 us at ~54 % of DRAM peak,
          then phase 3 reads V (16.9 MB) in 18 us at 30 %: V waits for the scores though it does
          not depend on them. v021 sent V to L2 during phase 1 and lost it there. Here each
          block (one per SM, 227 KB) puts its phase-3 V steps in flight into its own shared
          memory first, runs phase 1 (two sub-tiles ahead), and after v026's two grid barriers
          multiplies the resident V. Phase 1 then moves 50 MB at DRAM's pace (~20-23 us), the
          softmax and barriers cost ~3-4 us, and phase 3 only computes and writes O (~4-6 us):
          ~30-34 us against v039's ~41.7 at D = 16384, ~20-22 against ~27.5 at 8192. Declared as
          1.10x over v039 at both. At D = 2048 the one launch is v026's, which lost 0.83x to
          three launches there: no claim.)")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.10,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("resident_v_one_launch", (const void*)a::v051::kKernel<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .launch(&fuselab::kernels::attention::v051::launch, &fuselab::kernels::attention::v051::workspace_bytes);
}

FUSELAB_EXPERIMENT(sinusoidal, v060_v_resident) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::register_qk_shared_pe;
  return fuselab::Experiment{}
      .parent("sinusoidal/v048_lean_phase3_prologue")
      .hypothesis(R"(
          Attention v051 reads V into each block's shared memory during phase 1 (one block per
          SM, one cooperative launch), so phase 3 no longer reads V after the scores; predicted
          1.10x over v039 at D = 8192 and 16384. The PE lives in phase 1's loader, which v051
          runs two sub-tiles ahead and otherwise unchanged: the same 1.10x over v048 at both
          (~38 us or less at 16384).)")
      .prediction(fuselab::faster_than("sinusoidal/v048_lean_phase3_prologue", 1.10,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("resident_v_one_launch_sin_reduced_qk_shared", (const void*)a::v_resident::kKernel<k::Pe, a::row_loader::RowQkSubTiles>)
      .launch(&fuselab::kernels::sinusoidal::v060::launch, &fuselab::kernels::attention::v_resident::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v063_v_resident) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v050_lean_phase3_prologue")
      .hypothesis(R"(
          Attention v051 reads V into each block's shared memory during phase 1 (one block per
          SM, one cooperative launch), so phase 3 no longer reads V after the scores; predicted
          1.10x over v039 at D = 8192 and 16384. The rotation lives in phase 1's loader, which
          v051 runs two sub-tiles ahead and otherwise unchanged: the same 1.10x over v050, neox,
          at both (~40 us or less at 16384).)")
      .prediction(fuselab::faster_than("rope/v050_lean_phase3_prologue", 1.10,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernel("resident_v_one_launch_rope_neox_reduced_qk_shared",
              (const void*)a::v_resident::kKernel<Neox, a::row_loader::SpreadRowQkSubTiles>)
      .kernel("resident_v_one_launch_rope_inter_reduced_qk_shared",
              (const void*)a::v_resident::kKernel<Inter, a::row_loader::SpreadRowQkSubTiles>)
      .launch(&fuselab::kernels::rope::v063::launch, &fuselab::kernels::attention::v_resident::workspace_bytes);
}
