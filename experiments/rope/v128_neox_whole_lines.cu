// rope/v128_neox_whole_lines — v127 with a neox phase-1 loader whose warp loads cover whole 128-byte lines (see the kernel file).
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/rope/v128_neox_whole_lines.cuh"

FUSELAB_EXPERIMENT(rope, v128_neox_whole_lines) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  return fuselab::Experiment{}
      .parent("rope/v127_softmax_in_phase1")
      .hypothesis(R"(
          Neox runs 41.26 us at 1x4x64x16384 against interleaved's 38.43 (v127, 0249Z), with the
          same bytes. Its phase-1 loader (attention v020, paired) gives a warp 8 rows x 64 bytes
          per load, touching 8 lines for half of each, where interleaved's touches 4 whole
          lines; under the largest carveout neox's phase 1 lost ~2.6 us with the same L1 hit
          rate, sectors and DRAM bytes (ncu 0015Z), so the loads' shape, not their bytes, is the
          suspect. Here a thread loads a line pair for two sub-tiles at once (a warp: 4 rows x
          128 bytes, as interleaved), 8 float4s a thread instead of 4, and the two halves of the
          threads store the two sub-tiles in turn. If neox's phase 1 comes within half of
          interleaved's: 1.03x over v127, neox, at D = 8192 and 16384 (~25.4 and ~40.1 us);
          interleaved unchanged (its loader is v127's).)")
      .prediction(fuselab::faster_than("rope/v127_softmax_in_phase1", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_line_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered_head_barrier_rows",
              (const void*)a::softmax_in_phase1::kPhase1<Neox, fuselab::kernels::rope::v128::PairedLineQkSubTiles>)
      .kernels(fuselab::experiments::shared_rope_phase1<a::softmax_in_phase1::Recipe>("fp16_split_qk_shared_triggered_head_barrier_rows"))
      .kernels(fuselab::experiments::shared_rope_phase1<a::phase1_fp16_split::Recipe>("fp16_split_qk_shared_triggered"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::p_by_async_copies::kPhase3))
      .launch(&fuselab::kernels::rope::v128::launch, &a::softmax_in_phase1::workspace_bytes);
}
