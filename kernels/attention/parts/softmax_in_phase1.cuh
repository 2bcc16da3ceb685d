// Part softmax_in_phase1, first built as attention v111:
// v103 in two launches: phase 2's softmax rows are taken by
// phase 1's own blocks, after a counting barrier per head, instead of by a
// launch of their own. v103's timeline at D = 16384 (calls 2347Z and 2359Z of
// 2026-11-26) puts 3.3 us between phase 1's last block and phase 3's first
// copy of P: phase 2's blocks pass their grid wait ~0.6 us after phase 1's
// last block, take ~1.9 us, and phase 3's blocks begin ~0.6 us after them
// (its launch lands ~2.2 us after the last phase-2 block begins). Probe
// resident_chain (call 0243Z of 2026-11-27) put a head barrier of 64
// resident blocks at 0.0-0.8 us over no barrier at all.
//   phase 1: v103's, with its Out storing the partial, then meeting the
//            head's other blocks at a counting barrier (a word per head
//            after P; any starting value works, one barrier a launch), then
//            taking rows chunk, chunk + chunks, ... of the head's softmax
//            (v050's row: 16 partials in flight through L2) with its 256
//            threads as v014's 64 x 4. It triggers phase 3's launch as it
//            begins (v050).
//   phase 3: v103's, launched dependent on phase 1: its blocks become
//            resident as phase 1's leave and wait for phase 1's grid.
// The barrier needs every phase-1 block resident at once (256 blocks at
// 1x4x64xD, two per SM) and phase 3 on wgmma (its grid fills the SMs);
// elsewhere v103 runs instead.
// Limits: as v103. A build for sm_90a. Workspace: v103's, then a word per
// head.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>

#include "kernels/attention/parts/entry_points.cuh"
#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_mma.cuh"     // sm_count
#include "kernels/attention/parts/split_d_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/softmax_loads_in_flight.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/phase1_fp16_split.cuh"
#include "kernels/attention/parts/p_by_async_copies.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::softmax_in_phase1 {

using split_d::kS;
static_assert(kS * split_d_row_softmax::kSplit == split_d::kThreads, "a phase-1 block has phase 2's 64 x 4 threads");

// The barrier words: a word per head, right after P (split_d_register_tiles::buffers' layout
// of part, then P).
__host__ __device__ inline unsigned* head_words(const AttentionProblem& p, float* part, int chunks) {
  const std::size_t after_p = split_d::part_bytes(p, chunks) + std::size_t(p.B) * p.Hq * kS * kS * sizeof(float);
  return reinterpret_cast<unsigned*>(reinterpret_cast<char*>(part) + after_p);
}

// Phase 1's Out: v050's trigger and partials, then the head barrier and the
// block's softmax rows.
struct RowsAfterHeadBarrierOut : early_triggers::TriggeredPartialsOut {
  __device__ static void store(const AttentionProblem& p, const float (&acc)[32], float* smem, float* part, int bh,
                               int chunk, int chunks) {
    wgmma_scores::PartialsOut::store(p, acc, smem, part, bh, chunk, chunks);
    counting_barrier(head_words(p, part, chunks) + bh, unsigned(chunks), chunk == 0);
    float* P = part + split_d::part_bytes(p, chunks) / sizeof(float);
    const int j = threadIdx.x % kS, q = threadIdx.x / kS;
    for (int i = chunk; i < p.Sq; i += chunks)
      split_d_row_softmax::softmax_row<softmax_loads_in_flight::kInFlight, true>(p, part, chunks, P, i, bh, j, q);
  }
};

// p_by_async_copies' pipeline with phase 2's rows taken by phase 1's blocks.
struct Recipe : p_by_async_copies::Recipe {
  using Out = RowsAfterHeadBarrierOut;
};

template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
inline constexpr auto kPhase1 = early_triggers::kPhase1WithRecipe<Pe, Loader, Recipe>;

// P, then one word per head: the count behind phase 1's barrier per head.
inline std::size_t head_words_workspace_bytes(const AttentionProblem& p) {
  return p_by_async_copies::workspace_bytes(p) + align_up(std::size_t(p.B) * p.Hq * sizeof(unsigned), 256);
}

// The two launches (or p_by_async_copies' three where phase 1's blocks are
// not all resident), for EntryPoints.
struct With {
  template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
  static void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
    const split_d::Plan pl = split_d::make_plan<Pe::kPaired>(p);
    if (split_d::part_bytes(p, pl.chunks1) + std::size_t(p.B) * p.Hq * kS * kS * sizeof(float) != p_by_async_copies::workspace_bytes(p))
      throw std::logic_error("attention v111: the head words would not follow P in the workspace");
    constexpr auto kKernel = kPhase1<Pe, Loader>;
    const int sms = split_d_mma::sm_count();
    const bool resident = std::size_t(pl.chunks1) * p.B * p.Hq <=
                          std::size_t(split_d_mma_one_launch::resident_blocks<kKernel, wgmma_scores::kSmemBytes<phase1_fp16_split::HalfCores64>>());
    if (!resident || !wgmma_pv::fills_sms(p, wgmma_pv::make_plan(p, sms), sms)) {
      p_by_async_copies::Launches::launch_with<Pe, Loader>(p, pe, workspace, stream);
      return;
    }
    const split_d_register_tiles::Buffers buf = wgmma_scores::launch_phase1_kernel<phase1_fp16_split::HalfCores64>(kKernel, p, pe, pl, workspace, stream);
    pv_pipeline::launch_pv<Recipe::Pv>(p, pl, buf.P, stream);
  }
};

using Launches = EntryPoints<With, &head_words_workspace_bytes>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::softmax_in_phase1
