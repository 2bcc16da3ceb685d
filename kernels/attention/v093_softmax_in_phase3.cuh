// attention v093 — v082 in two launches: phase 2's softmax is taken by phase
// 3's blocks. The split-D timeline at 1x4x64x16384 (probe
// fuselab_probe_split_d_timeline, 2026-11-26): phase 1's last block ends at
// 20.9 us; phase 2's blocks, which start only as phase 1's leave the
// register file, wait for it until 21.4 and end at 23.1-23.5; phase 3's
// blocks start at 24.0 and only then put V in flight.
//   phase 1: v082's, launched first; it triggers phase 3's launch as its
//            blocks begin, so phase 3's blocks take the SMs as phase 1's
//            leave them;
//   phase 3: v082's kernel with a P source that takes the softmax
//            (SoftmaxRowsThenP): after the grid wait, block x of head bh
//            loads its row's partials (row x, then x + gridDim.x, ...; v029's
//            16 in flight per thread, through L2), puts its V steps in
//            flight behind them, adds them up and stores its rows of P
//            (v014::store_row_softmax), then waits for the head's other
//            blocks at a counting barrier (a word per head) and splits P
//            into fp16 parts as v082 does.
// The head barrier needs every block of a head resident at once: the
// launch takes this path only where phase 3's whole grid fits the device at
// once, and v082's three launches elsewhere (below one wave, where v082
// runs v014's phase 3, always). P's values are v082's bit for bit (the same
// adds in the same order).
// Workspace: v082's, then a word per head (any value; each launch flips
// its top bit). Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v007_mma_split_d.cuh"  // sm_count
#include "kernels/attention/v008_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v093 {

using v002::kS;
static_assert(v002::kThreads == kS * v014::kSplit, "phase 3's threads are phase 2's (j, q) of a row");

// Phase 3's argument: the workspace's pieces.
struct Pieces {
  const float* part;  // phase 1's partials
  float* P;
  unsigned int* head_words;  // one barrier word per head
  int chunks;                // phase 1's chunks per head
};

inline std::size_t head_words_offset(const AttentionProblem& p) { return align_up(v082::workspace_bytes(p), 256); }

// Phase 3's P source (v028's PSource interface, with Rows). kWordStride:
// words from one head's barrier word to the next (v096: one per 128-byte
// line); kCopies: copies of P, each block reading copy blockIdx.x % kCopies
// (v096: 16, after the head words; 1: v082's P).
template <int kWordStride = 1, int kCopies = 1>
struct SoftmaxRowsThenPOf {
  using Arg = Pieces;
  static constexpr bool kHalves = true;
  using Layout = v082::CoherentHalfSplitOfP::Layout;
  static constexpr int kInFlight = v029::kInFlight;
  // The first batch of the block's first row's partials, thread (j, q)'s.
  struct Rows {
    v014::PartialsInFlight<kInFlight, true> first;
  };

  __device__ static int j() { return int(threadIdx.x) % kS; }
  __device__ static int q() { return int(threadIdx.x) / kS; }
  __host__ __device__ static std::size_t copy_floats(const AttentionProblem& p) {
    return std::size_t(p.B) * p.Hq * kS * kS;
  }

  __device__ static void load_rows(const AttentionProblem& p, const Pieces& a, int bh, Rows& rows) {
    const int i = blockIdx.x;
    if (i < p.Sq && v014::score_visible(p, i, j()))
      rows.first.load(v014::partials_of(a.part, a.chunks, i, bh, j()), q(), a.chunks);
  }

  // The block's rows of P (the first from its loaded batch), stored.
  __device__ static void store_rows(const AttentionProblem& p, const Pieces& a, int bh, const Rows& rows) {
    for (int i = blockIdx.x; i < p.Sq; i += gridDim.x) {
      const bool visible = v014::score_visible(p, i, j());
      double sum = 0.0;
      if (visible) {
        const float* src = v014::partials_of(a.part, a.chunks, i, bh, j());
        sum = i == int(blockIdx.x)
                  ? v014::add_partials<kInFlight, true>(src, q() + v014::kSplit * kInFlight, a.chunks,
                                                        rows.first.add_to(0.0))
                  : v014::add_partials<kInFlight, true>(src, q(), a.chunks, 0.0);
      }
      v014::store_row_softmax<kCopies>(p, visible, sum, a.P, i, bh, j(), q(), copy_floats(p));
    }
  }

  // Every block of head bh has stored its rows: P of the head is complete.
  __device__ static void head_barrier(const Pieces& a, int bh) {
    counting_barrier(a.head_words + bh * kWordStride, gridDim.x, blockIdx.x == 0);
  }

  __device__ static void finish_rows(const AttentionProblem& p, const Pieces& a, int bh, const Rows& rows) {
    store_rows(p, a, bh, rows);
    head_barrier(a, bh);
  }

  __device__ static void put(const AttentionProblem& p, const Pieces& a, int bh, float* pbig) {
    if constexpr (kCopies == 1) v082::CoherentHalfSplitOfP::put(p, a.P, bh, pbig);
    else v082::CoherentHalfSplitOfP::put(p, a.P + (blockIdx.x % kCopies) * copy_floats(p), bh, pbig);
  }

  // Host: the workspace's pieces, and its size.
  static std::size_t copies_offset(const AttentionProblem& p) {
    return align_up(head_words_offset(p) + std::size_t(p.B) * p.Hq * kWordStride * sizeof(unsigned int), 256);
  }
  static std::size_t workspace_bytes(const AttentionProblem& p) {
    return kCopies == 1 ? head_words_offset(p) + std::size_t(p.B) * p.Hq * kWordStride * sizeof(unsigned int)
                        : copies_offset(p) + kCopies * copy_floats(p) * sizeof(float);
  }
  static Pieces pieces(const AttentionProblem& p, const v013::Buffers& buf, void* workspace, int chunks) {
    char* base = static_cast<char*>(workspace);
    return {buf.part, kCopies == 1 ? buf.P : reinterpret_cast<float*>(base + copies_offset(p)),
            reinterpret_cast<unsigned int*>(base + head_words_offset(p)), chunks};
  }
};
using SoftmaxRowsThenP = SoftmaxRowsThenPOf<>;

template <class PSource>
inline constexpr auto kPhase3Of = &v028::pv_kernel<v030::kSplit, true, false, PSource, true>;
inline constexpr auto kPhase3 = kPhase3Of<SoftmaxRowsThenP>;

inline std::size_t workspace_bytes(const AttentionProblem& p) { return SoftmaxRowsThenP::workspace_bytes(p); }

// Out: phase 1's end (v050's trigger); PSource: SoftmaxRowsThenP's
// interface (fuselab_probe_split_d_timeline stamps both).
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, class Out = v050::TriggeredPartialsOut,
          class PSource = SoftmaxRowsThenP>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  constexpr auto kPv = kPhase3Of<PSource>;
  const int sms = v007::sm_count();
  const v013::Plan3 pl3 = v019::make_plan(p, sms);
  const std::size_t grid3 = std::size_t(pl3.chunks) * p.B * p.Hq;
  if (!v019::fills_sms(p, pl3, sms) || grid3 > std::size_t(v008::resident_blocks<kPv, v028::kSmemBytes>())) {
    v082::launch_with<Pe, Loader>(p, pe, workspace, stream);
    return;
  }
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = v017::launch_phase1_kernel<v081::HalfCores64>(
      v050::kPhase1<Pe, Loader, 1, v081::HalfCores64, Out>, p, pe, pl, workspace, stream);
  const Pieces pieces = PSource::pieces(p, buf, workspace, pl.chunks1);
  set_max_dynamic_smem(kPv, int(v028::kSmemBytes));
  launch_dependent(kPv, dim3(pl3.chunks, unsigned(p.B) * p.Hq), dim3(v002::kThreads), v028::kSmemBytes, stream, p,
                   pieces, pl3.nsub, pl3.spb);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v093::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v093
