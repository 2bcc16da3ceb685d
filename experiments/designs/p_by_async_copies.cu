// Design p_by_async_copies (attention v103, sinusoidal v116, rope v119): one
// kernel design (kernels/designs/p_by_async_copies.cuh), declared here for each
// PE kind it runs, each declaration as it was written before its numbers
// existed.
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/sinusoidal/v116_p_by_async_copies.cuh"
#include "kernels/rope/v119_p_by_async_copies.cuh"

FUSELAB_EXPERIMENT(attention, v103_p_by_async_copies) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(R"(
          The split-D timeline with phase 3's P made in shared memory instead of read
          (v082-uniform-p, call 1725Z) ends 1.7 us sooner at D = 16384 and 1.9 us at 8192, and
          its threads finish asking for V in 1.3 us (median block) against 7.4 in v082, whose P
          loads into registers follow its V copies; with the loads issued first and a barrier
          (v102) V still landed later (its last step at 38.1 us against 37.1). So loads into
          registers hold the copies back in the SM's queue. Here P is one more group of copies,
          asked for before V's two: no load into registers in phase 3, and P lands ahead of V.
          If it comes within ~1 us of the made-in-shared-memory timeline, the pipeline gains ~1
          us at 16384 (1.025x) and ~1.3 at 8192 (1.05x); declared for both, allowing for P
          landing behind the SM partner's V: 1.02x over v082 at D = 8192 and 16384 (~26.2 and
          ~39.9 us).)")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::phase1_fp16_split::kPhase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3))
      .launch(&fuselab::kernels::attention::v103::launch, &fuselab::kernels::attention::v103::workspace_bytes);
}

FUSELAB_EXPERIMENT(sinusoidal, v116_p_by_async_copies) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::register_qk_shared_pe;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(R"(
          Attention v103 fetches phase 3's P by cp.async ahead of V instead of by loads into
          registers, which hold V's copies back in the SM's queue (timeline 1725Z: with P made
          in shared memory phase 3 ends 1.7-1.9 us sooner), predicted 1.02x over v082 at D =
          8192 and 16384. The PE is all in phase 1, which is unchanged: the same 1.02x over v096
          at both (~26.2 and ~40.2 us; issue 4's targets are 20 and 40 us).)")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::phase1_fp16_split::kPhase1<k::Pe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::sinusoidal::v116::launch, &fuselab::kernels::attention::p_by_async_copies::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v119_p_by_async_copies) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(R"(
          Attention v103 fetches phase 3's P by cp.async ahead of V instead of by loads into
          registers, which hold V's copies back in the SM's queue (timeline 1725Z: with P made
          in shared memory phase 3 ends 1.7-1.9 us sooner), predicted 1.02x over v082 at D =
          8192 and 16384. The rotation is all in phase 1, which is unchanged: the same 1.02x
          over v099, neox, at both (~26.9 and ~42.6 us).)")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.02,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_phase1<a::phase1_fp16_split::Recipe>("fp16_split_qk_shared_triggered"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::rope::v119::launch, &fuselab::kernels::attention::p_by_async_copies::workspace_bytes);
}
