// Part row_loader, first built as attention v020:
// v017 (phase 1 on wgmma, loads one sub-tile ahead) with a
// loader whose warp-wide loads cover whole 128-byte rows. v006's loader (used
// by v006 to v019) gives each lane a different row: one LDG.128 touches 32
// rows 64 KB apart (D = 16384), 32 L1 wavefronts and 32 separate line
// requests per instruction. With the products on wgmma, v017's and v018's
// phase 1 still take ~27 us under ncu at D = 16384, waiting on loads (long
// scoreboard ~7 cycles per instruction) at 40 % of DRAM peak, and loading two
// sub-tiles ahead did not help (v018): the loads' throughput, not their
// latency, is the suspect.
//   RowQkSubTiles: unpaired, thread t loads dims 4 (t % 8).. of rows t / 8 and
//     t / 8 + 32 of Q and of K (a warp: 4 rows x 128 bytes per instruction);
//     paired (rope neox), dims 4 (t % 4).. of the low half and the same of
//     the high half of row t / 4 of Q and of K (a warp: 8 rows x 64 bytes).
// Phases 2 and 3: v014's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::row_loader {

using split_d::kSub1;

// Q and K sub-tiles [64 rows x kSub1 dims] of one head into registers, rows
// whole per warp; the interface of split_d_tuned::QkSubTiles. 256 threads.
// kSpreadPairs (rope v033): paired, the 8 rows of a warp are spread so that
// a quarter-warp holds rows r and r + 4 instead of r and r + 1; in v022's
// padded cores their split stores then land on disjoint banks (rows r and
// r + 1 overlap on 12 of 16: 2-way conflicts). Loads are unchanged: a warp
// still reads 8 whole rows' runs.
template <class Pe, bool kSpreadPairs = false>
struct RowQkSubTiles : split_d_tuned::QkHead {
  int row0, f;
  float4 x[4];    // unpaired: q(row0) q(row0 + 32) k(row0) k(row0 + 32); paired: q lo, q hi, k lo, k hi
  int dim0 = -1;  // first dim of the landed float4s (paired: of the low half), -1 past the end

  __device__ RowQkSubTiles(const AttentionProblem& p, int bh) : split_d_tuned::QkHead(p, bh) {
    row0 = Pe::kPaired ? (threadIdx.x >> 2) : (threadIdx.x >> 3);
    if (Pe::kPaired && kSpreadPairs) {
      const int j = row0 & 7;  // lanes 4j..4j+3 of the warp
      row0 = (row0 & ~7) | ((j & 1) << 2) | (j >> 1);
    }
    f = Pe::kPaired ? (threadIdx.x & 3) : (threadIdx.x & 7);
  }

  __device__ __forceinline__ void load(int s) {
#pragma unroll
    for (int n = 0; n < 4; ++n) x[n] = zero4();
    if constexpr (Pe::kPaired) {
      const int i = s * (kSub1 / 2) + 4 * f;
      dim0 = i < half ? i : -1;
      if (dim0 < 0) return;
      if (row0 < Sq) {
        x[0] = ldg4(qbase + std::size_t(row0) * D + i);
        x[1] = ldg4(qbase + std::size_t(row0) * D + half + i);
      }
      if (row0 < Sk) {
        x[2] = ldg4(kbase + std::size_t(row0) * D + i);
        x[3] = ldg4(kbase + std::size_t(row0) * D + half + i);
      }
    } else {
      const int d = s * kSub1 + 4 * f;
      dim0 = d < D ? d : -1;
      if (dim0 < 0) return;
      const int row1 = row0 + 32;
      if (row0 < Sq) x[0] = ldg4(qbase + std::size_t(row0) * D + d);
      if (row1 < Sq) x[1] = ldg4(qbase + std::size_t(row1) * D + d);
      if (row0 < Sk) x[2] = ldg4(kbase + std::size_t(row0) * D + d);
      if (row1 < Sk) x[3] = ldg4(kbase + std::size_t(row1) * D + d);
    }
  }

  // The PE on the landed registers (rows past Sq / Sk and dims past D stay
  // zero). A thread holds Q and K at the same rows and dims: QkShared hooks
  // (sinusoidal v040, rope v042) evaluate the PE once for both where the two
  // rows sit at one position.
  __device__ __forceinline__ void apply_pe(const Pe& pe) {
    if (dim0 < 0) return;
    if constexpr (SharesQk<Pe>::value) {
      if (q_offset == k_offset) {
        if constexpr (Pe::kPaired) {
          if (row0 < Sq && row0 < Sk) return pe.both2(x[0], x[1], x[2], x[3], q_offset + row0, dim0);
        } else {
          const int row1 = row0 + 32;
          if (row0 < Sq && row0 < Sk && row1 < Sq && row1 < Sk) {
            pe.both(x[0], x[2], q_offset + row0, dim0);
            pe.both(x[1], x[3], q_offset + row1, dim0);
            return;
          }
        }
      }
    }
    if constexpr (Pe::kPaired) {
      if (row0 < Sq) pe.q2(x[0], x[1], q_offset + row0, dim0);
      if (row0 < Sk) pe.k2(x[2], x[3], k_offset + row0, dim0);
    } else {
      const int row1 = row0 + 32;
      if (row0 < Sq) pe.q(x[0], q_offset + row0, dim0);
      if (row1 < Sq) pe.q(x[1], q_offset + row1, dim0);
      if (row0 < Sk) pe.k(x[2], k_offset + row0, dim0);
      if (row1 < Sk) pe.k(x[3], k_offset + row1, dim0);
    }
  }

  // put(is_q, row, sub-tile column, value); paired: low dims at columns
  // 4f.., the same high dims at 16 + 4f...
  template <class Put>
  __device__ __forceinline__ void for_each(Put&& put) const {
    if constexpr (Pe::kPaired) {
      put(true, row0, 4 * f, x[0]);
      put(true, row0, 16 + 4 * f, x[1]);
      put(false, row0, 4 * f, x[2]);
      put(false, row0, 16 + 4 * f, x[3]);
    } else {
      put(true, row0, 4 * f, x[0]);
      put(true, row0 + 32, 4 * f, x[1]);
      put(false, row0, 4 * f, x[2]);
      put(false, row0 + 32, 4 * f, x[3]);
    }
  }
};

template <class Pe>
using SpreadRowQkSubTiles = RowQkSubTiles<Pe, true>;

using Launches = split_d_row_softmax::ThreeLaunches<&wgmma_scores::launch_partial_scores<split_d::NoPe, 1, RowQkSubTiles>, &split_d_row_softmax::launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::row_loader
