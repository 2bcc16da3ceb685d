// rope v128 — v127 (v060's rotation on attention v111) with a neox phase-1
// loader whose warp loads cover whole 128-byte lines. Attention v020's paired
// loader gives a warp 8 rows x 64 bytes per load: each instruction touches
// 8 lines for half of each, and the other halves come a sub-tile later
// (interleaved: 4 whole lines). At D = 16384, neox runs 41.26 us against
// interleaved's 38.43 (v127, call 0249Z of 2026-11-27), and the largest
// shared-memory carveout slowed neox's phase 1 by ~2.6 us with the same L1
// hit rate, sectors and DRAM bytes (ncu, call 0015Z): the loads' shape, not
// their bytes, is the suspect.
//   PairedLineQkSubTiles: sub-tiles 2n and 2n + 1 (low dims [32n, 32n + 32)
//     and the same of the high half) are one line pair, loaded at the first
//     of them: thread t loads float4 t % 8 of rows t / 8 and t / 8 + 32,
//     low and high, of Q and of K (a warp: 4 rows x 128 bytes per load,
//     8 float4s a thread). Threads t % 8 < 4 hold sub-tile 2n's dims,
//     the others 2n + 1's; each rotates and stores its own at that
//     sub-tile's turn.
// Used where every phase-1 block's range is a whole number of pairs (an even
// count of sub-tiles a block); elsewhere, and for interleaved, v127's loader.
// Limits: as v099.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/softmax_in_phase1.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v128 {

// v006::QkSubTiles's interface (load, apply_pe, for_each), paired hooks only.
template <class Pe>
struct PairedLineQkSubTiles : attention::split_d_tuned::QkHead {
  static_assert(Pe::kPaired, "neox: a sub-tile is 16 low dims and the same 16 of the high half");
  static constexpr int kLine = 32;  // floats of a 128-byte line: two sub-tiles' low (or high) dims
  int row0, f;
  float4 x[8];    // q lo, q hi, k lo, k hi of row0, then of row0 + 32
  int pair = -1;  // the line pair held: sub-tiles 2 pair and 2 pair + 1
  int cur = 0;    // the sub-tile being stored: the last one asked for
  int dim0 = -1;  // the held float4s' first low-half dim, -1 past the half

  __device__ PairedLineQkSubTiles(const AttentionProblem& p, int bh) : attention::split_d_tuned::QkHead(p, bh) {
    row0 = threadIdx.x >> 3;
    f = threadIdx.x & 7;
  }

  // Whether this thread's float4s are dims of sub-tile s.
  __device__ __forceinline__ bool mine(int s) const { return (f >> 2) == (s & 1); }

  __device__ __forceinline__ void load(int s) {
    cur = s;
    if ((s >> 1) == pair) return;  // loaded with the pair's first sub-tile
    pair = s >> 1;
#pragma unroll
    for (int n = 0; n < 8; ++n) x[n] = zero4();
    const int i = kLine * pair + 4 * f;
    dim0 = i < half ? i : -1;
    if (dim0 < 0) return;
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int row = row0 + 32 * r;
      if (row < Sq) {
        x[4 * r] = ldg4(qbase + std::size_t(row) * D + i);
        x[4 * r + 1] = ldg4(qbase + std::size_t(row) * D + half + i);
      }
      if (row < Sk) {
        x[4 * r + 2] = ldg4(kbase + std::size_t(row) * D + i);
        x[4 * r + 3] = ldg4(kbase + std::size_t(row) * D + half + i);
      }
    }
  }

  // The rotation of this thread's rows, at its sub-tile's turn (v020's
  // paired branch for each of its two rows).
  __device__ __forceinline__ void apply_pe(const Pe& pe) {
    if (dim0 < 0 || !mine(cur)) return;
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int row = row0 + 32 * r;
      if constexpr (SharesQk<Pe>::value) {
        if (q_offset == k_offset && row < Sq && row < Sk) {
          pe.both2(x[4 * r], x[4 * r + 1], x[4 * r + 2], x[4 * r + 3], q_offset + row, dim0);
          continue;
        }
      }
      if (row < Sq) pe.q2(x[4 * r], x[4 * r + 1], q_offset + row, dim0);
      if (row < Sk) pe.k2(x[4 * r + 2], x[4 * r + 3], k_offset + row, dim0);
    }
  }

  // put(is_q, row, sub-tile column, value): low dims at columns 4 (f % 4)..,
  // the same high dims at 16 + 4 (f % 4)..; only the sub-tile's own threads.
  template <class Put>
  __device__ __forceinline__ void for_each(Put&& put) const {
    if (!mine(cur)) return;
    const int c = 4 * (f & 3);
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int row = row0 + 32 * r;
      put(true, row, c, x[4 * r]);
      put(true, row, 16 + c, x[4 * r + 1]);
      put(false, row, c, x[4 * r + 2]);
      put(false, row, 16 + c, x[4 * r + 3]);
    }
  }
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    if constexpr (Pe::kPaired) {
      if (attention::split_d::make_plan<true>(p).spb1 % 2 == 0) {
        attention::softmax_in_phase1::Launches::launch_with<Pe, PairedLineQkSubTiles>(p, Pe{pe}, workspace, stream);
        return;
      }
    }
    attention::softmax_in_phase1::Launches::launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v128
