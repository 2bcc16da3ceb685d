// attention v067 — the split-D pipeline with its phases overlapped across
// heads, in one plain launch. Every split-D version so far runs phase 1
// (partial scores) for all heads, then the softmax, then phase 3 (P V) for
// all heads, with a launch seam or a grid barrier between them. At D = 16384
// the phases take 24.1 / 4.2 / 18.7 us under ncu (v039, after the cold
// timer's dirty flush) where a plain read of Q and K and a copy of V to O
// take ~18 and 16.2 (reports/notes/20261125T1420Z-*): each phase ramps up and
// drains on its own, and DRAM idles through the softmax. The heads do not
// depend on each other, so one head's softmax and phase 3 can run while a
// later head's phase 1 still streams.
//   One queue of items: head h's phase-1 items (v017's block on a run of
//   sub-tiles; ~kPhase1Items items over all heads), its softmax rows (v014's row, v029's loads in flight, read through
//   L2) and its phase-3 items (one 128-dim step of P V each: V in flight
//   first, then P split by masking, v024's products, O stored from the
//   accumulators). In queue order a head's softmax comes kLag heads of phase
//   1 after its own phase 1, and its phase 3 one head later still.
//   Blocks take items by a ticket (one atomic add), so an item only waits on
//   items of earlier tickets, which blocks already run: no deadlock, and no
//   need for every block to be resident. Counters per head (phase-1 items
//   done, softmax rows done) carry the waits (signal_count / wait_for_count).
//   The last block to leave zeroes the queue for the next launch.
// v068 (kStatic): tickets dealt round-robin instead of drawn, and each
// block's next item's operands sent to L2 as it begins an item.
// Two blocks per SM with v052's shared memory (phase 1's buffers; P split and
// two V steps after it). Limits: as v013; a build for sm_90a.
// Workspace: a partial per phase-1 item, P, the queue words.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v008_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"  // CoherentMaskedSplitOfP
#include "kernels/attention/v052_v_resident_two_per_sm.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/cuda_check.h"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v067 {

using v002::kS;
using v002::kThreads;
using v019::kDims;

inline constexpr int kBlocksPerSm = 2;
inline constexpr int kPhase1Items = 2 * v002::kTargetBlocks;  // ~2 phase-1 items a block at D >= 8192
inline constexpr int kLag = 2;  // heads of phase 1 queued between a head's phase 1 and its softmax

enum class Kind { kScores, kSoftmax, kProducts };

struct Item {
  Kind kind;
  int bh, index;
};

// Per head: n1 phase-1 items, n2 softmax rows, n3 phase-3 steps. Ticket t
// (< bhs * (n1 + n2 + n3)) in queue order: for k = 0, 1, ...: head k's
// phase 1, head k - kLag's softmax, head k - kLag - 1's phase 3.
__host__ __device__ inline Item item_at(int t, int bhs, int n1, int n2, int n3) {
  for (int k = 0;; ++k) {
    if (k < bhs) {
      if (t < n1) return {Kind::kScores, k, t};
      t -= n1;
    }
    const int h2 = k - kLag, h3 = h2 - 1;
    if (h2 >= 0 && h2 < bhs) {
      if (t < n2) return {Kind::kSoftmax, h2, t};
      t -= n2;
    }
    if (h3 >= 0 && h3 < bhs) {
      if (t < n3) return {Kind::kProducts, h3, t};
      t -= n3;
    }
  }
}

// The queue's words: the ticket, the blocks that left, then per head the
// phase-1 items done and the softmax rows done.
struct Queue {
  unsigned int* words;
  __device__ unsigned int* ticket() const { return words; }
  __device__ unsigned int* left() const { return words + 1; }
  __device__ unsigned int* scored(int bh) const { return words + 2 + 2 * bh; }
  __device__ unsigned int* softmaxed(int bh) const { return words + 3 + 2 * bh; }
};

__host__ __device__ inline std::size_t queue_words(int bhs) { return 2 + 2 * std::size_t(bhs); }

// The dims [d0, d1) a phase-1 item reads of Q and K rows (paired: also the
// same of the high half), and those a phase-3 item reads of V rows, into L2.
template <bool kPaired>
__device__ void prefetch_item(const AttentionProblem& p, const v002::Plan& pl, const v013::Plan3& pl3,
                              const Item& it) {
  if (it.kind == Kind::kScores) {
    const int s_begin = it.index * pl.spb1, s_end = min(pl.nsub1, s_begin + pl.spb1);
    if constexpr (kPaired) {
      const int half = p.D / 2, i0 = s_begin * (v002::kSub1 / 2), i1 = min(half, s_end * (v002::kSub1 / 2));
      v017::prefetch_qk_dims(p, it.bh, i0, i1);
      v017::prefetch_qk_dims(p, it.bh, half + i0, half + i1);
    } else {
      v017::prefetch_qk_dims(p, it.bh, s_begin * v002::kSub1, min(p.D, s_end * v002::kSub1));
    }
  } else if (it.kind == Kind::kProducts) {
    const int s_begin = it.index * pl3.spb, s_end = min(pl3.nsub, s_begin + pl3.spb);
    v017::prefetch_v_dims(p, it.bh, s_begin * kDims, min(p.D, s_end * kDims));
  }
}

// kStatic (v068): block b takes tickets b, b + grid, ... instead of drawing
// them, and as it begins an item puts its next item's Q and K (or V) dims in
// flight to L2. The waits then need every block resident: the grid is at
// most the blocks that fit, and nothing else of the process may hold the SMs
// (v053's premise).
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, bool kStatic = false>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    head_pipeline_kernel(const AttentionProblem p, const Pe pe, const v002::Plan pl, const v013::Plan3 pl3,
                         float* part, float* P, const Queue q) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  __shared__ int ticket;
  const int bhs = p.B * p.Hq, tid = threadIdx.x;
  const int n1 = pl.chunks1, n2 = p.Sq, n3 = pl3.chunks;
  const int items = bhs * (n1 + n2 + n3);
  float* const pbig = smem;
  auto vbuf = [&](int i) { return (i & 1) ? smem + v052::kSecondV : smem + v052::kFrontFloats; };
  int t = int(blockIdx.x) - int(gridDim.x);

  for (;;) {
    if constexpr (kStatic) {
      t += gridDim.x;
      __syncthreads();  // the previous item is done with shared memory
    } else {
      if (tid == 0) ticket = int(atomicAdd(q.ticket(), 1u));
      __syncthreads();  // the ticket; the previous item is done with shared memory
      t = ticket;
      __syncthreads();  // every thread has read it before thread 0 takes the next
    }
    if (t >= items) break;
    if constexpr (kStatic)
      if (t + int(gridDim.x) < items) prefetch_item<Pe::kPaired>(p, pl, pl3, item_at(t + gridDim.x, bhs, n1, n2, n3));
    const Item it = item_at(t, bhs, n1, n2, n3);
    if (it.kind == Kind::kScores) {
      v017::partial_scores_block<Pe, 1, Loader, false, v022::PaddedCores64, v030::kSplit>(
          p, pe, part, pl.nsub1, pl.spb1, it.index, it.bh, n1);
      signal_count(q.scored(it.bh));
    } else if (it.kind == Kind::kSoftmax) {
      wait_for_count(q.scored(it.bh), unsigned(n1));
      v014::softmax_row<v029::kInFlight, true>(p, part, n1, P, it.index, it.bh, tid % kS, tid / kS);
      signal_count(q.softmaxed(it.bh));
    } else {
      const int s_begin = it.index * pl3.spb, s_end = min(pl3.nsub, s_begin + pl3.spb);
      const v024::PvSteps steps(p, it.bh, smem, smem);  // its own buffers unused
      // Step s_begin + i into vbuf(i): one cp.async group, empty past the end.
      auto load_or_skip = [&](int i) {
        if (s_begin + i < s_end) steps.load_lean(s_begin + i, vbuf(i));
        else cp_async_commit();
      };
      load_or_skip(0);  // V in flight through the wait
      load_or_skip(1);
      wait_for_count(q.softmaxed(it.bh), unsigned(n2));
      v050::CoherentMaskedSplitOfP::put(p, P, it.bh, pbig);
      fence_proxy_async_shared();
      for (int s = s_begin; s < s_end; ++s) {
        const int i = s - s_begin;
        cp_async_wait<1>();
        __syncthreads();  // step i's V (and, the first time, P) is complete
        float acc[32];
        steps.products<v030::kSplit>(vbuf(i), pbig, acc);
        steps.store_o_direct(acc, s);
        if (s + 2 < s_end) __syncthreads();  // every warpgroup is done with this buffer
        load_or_skip(i + 2);
      }
    }
  }
  // The last block to leave: every ticket is taken and every wait is over,
  // so the queue goes back to zero for the next launch.
  if (tid == 0 && atomicAdd(q.left(), 1u) == gridDim.x - 1) {
    for (std::size_t w = 0; w < queue_words(bhs); ++w) q.words[w] = 0u;
    __threadfence();
  }
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe, template <class> class Loader, bool kStatic = false>
inline constexpr auto kKernel = &head_pipeline_kernel<Pe, Loader, kStatic>;

// Phase 1 in about kPhase1Items items (of whole sub-tiles); phase 3 one
// kDims step an item.
template <bool kPaired>
inline v002::Plan phase1_plan(const AttentionProblem& p) {
  return v002::make_plan<kPaired>(p, kPhase1Items);
}

inline v013::Plan3 phase3_plan(const AttentionProblem& p) {
  const int nsub = ceil_div(p.D, kDims);
  return v013::Plan3{nsub, 1, nsub};
}

inline std::size_t queue_offset(const AttentionProblem& p) {
  return align_up(std::max(v002::workspace_bytes_for<false>(p, kPhase1Items),
                           v002::workspace_bytes_for<true>(p, kPhase1Items)),
                  256);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return queue_offset(p) + queue_words(p.B * p.Hq) * sizeof(unsigned int);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles, bool kStatic = false>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v017::require_sm90a();
  constexpr auto kernel = kKernel<Pe, Loader, kStatic>;
  const v002::Plan pl = phase1_plan<Pe::kPaired>(p);
  const v013::Plan3 pl3 = phase3_plan(p);
  const v013::Buffers buf = v013::buffers(p, pl, workspace);
  const Queue q{reinterpret_cast<unsigned int*>(static_cast<char*>(workspace) + queue_offset(p))};
  const int items = p.B * p.Hq * (pl.chunks1 + p.Sq + pl3.chunks);
  const int grid = std::min(items, v008::resident_blocks<kernel, v052::kSmemBytes>());
  kernel<<<grid, kThreads, v052::kSmemBytes, stream>>>(p, pe, pl, pl3, buf.part, buf.P, q);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v067::launch_with(p, v002::NoPe{}, workspace, stream);
}

// attention v068.
inline void launch_static(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v067::launch_with<v002::NoPe, v020::RowQkSubTiles, true>(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v067
