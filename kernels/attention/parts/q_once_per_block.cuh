// Part q_once_per_block, first built as attention v073:
// v045 with Q's rows loaded, and given their PE, once per
// block instead of once per warp. In v045 each of the 16 warps loads both Q
// rows (16 KB of requests per block for 1 KB of Q) and, under a PE hook,
// evaluates the same 4 angles per lane: a third of the block's sin/cos work
// (sinusoidal v053: 1.38 M instructions against v045's 1.10 M under ncu,
// run 20261126T0052*). Here:
//   * warps 0 and 1 load Q rows 0 and 1 (the hook's lane layout), give them
//     their PE and store them to shared memory;
//   * every warp lands K and V by cp.async and gives its K rows their PE as in
//     v045, then one block barrier makes Q' visible and each warp reads both
//     rows back;
//   * the scores, the softmax and P V are v045's (scores_to_output).
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/keys_in_shared.cuh"

namespace fuselab::kernels::attention::q_once_per_block {

using keys_in_shared::kD;
using keys_in_shared::kKeys;
using keys_in_shared::kKeysPerWarp;
using keys_in_shared::kRows;
using keys_in_shared::kThreads;
static_assert(kRows <= keys_in_shared::kWarps, "one warp loads each Q row");

// Steps 3-5 of v045 (the scores, the softmax, P V), the kernel's default tail.
struct ShiftedTail {
  __device__ static void run(const AttentionProblem& p, const float4 (&q)[kRows], const float4 (&k)[kKeysPerWarp],
                             float (&scores)[kRows][kKeys], float (*vs)[kD], int key0, int lane, int tid, int row0,
                             int bh) {
    keys_in_shared::scores_to_output(p, q, k, scores, vs, key0, lane, tid, row0, bh);
  }
};

// kHeadsByGrid: attention v076 (the block's heads from the grid's y and z).
// Tail: steps 3-5, from Q' and this warp's K rows (v078: UnshiftedTail).
// kKeyPeEarly: K's PE values taken before K's rows land, added after
// (sinusoidal v093, rope v096).
template <class Pe, bool kHeadsByGrid = false, class Tail = ShiftedTail, bool kKeyPeEarly = false>
__global__ void __launch_bounds__(kThreads) q_once_kernel(const AttentionProblem p, const Pe pe) {
  constexpr bool kPaired = Pe::kPaired;
  extern __shared__ __align__(16) float smem[];
  float(*ks)[kD] = reinterpret_cast<float(*)[kD]>(smem);
  float(*vs)[kD] = reinterpret_cast<float(*)[kD]>(smem + kKeys * kD);  // V, then partial O rows
  __shared__ float scores[kRows][kKeys];
  __shared__ float4 qs[kRows][32];  // Q' rows in the hook's lane layout

  const auto [tid, warp, lane, row0, bh, qbase, kbase, vbase] = keys_in_shared::tile_place<kRows, kHeadsByGrid>(p);
  const int key0 = warp * kKeysPerWarp;

  // 1. K (group 0) and V (group 1) by cp.async into this warp's rows; warp
  //    r < kRows loads Q row r; every lane its two frequencies.
  keys_in_shared::copy_warp_kv<kKeysPerWarp>(ks, vs, kbase, vbase, key0, lane, p.Sk);
  float4 qmine = zero4();
  if (warp < kRows && row0 + warp < p.Sq) qmine = four_keys_per_warp::load_lane<kPaired>(qbase + std::size_t(row0 + warp) * kD, lane);
  const float2 f = keys_in_shared::lane_freq(pe, lane);

  // 2. Q's PE once per element; K read back in the hook's layout with its PE;
  //    then Q' from shared memory.
  if (warp < kRows) {
    keys_in_shared::pe_lane(pe, qmine, p.q_offset + row0 + warp, f);
    qs[warp][lane] = qmine;
  }
  float4 k[kKeysPerWarp];
  if constexpr (kKeyPeEarly) {
    float4 e[kKeysPerWarp];
    keys_in_shared::key_pe_values(e, pe, key0, p.k_offset, f);
    cp_async_wait<1>();
    __syncwarp();  // the warp's K rows, copied by all its lanes
    keys_in_shared::keys_from_shared_with(k, pe, ks, key0, lane, e);
  } else {
    cp_async_wait<1>();
    __syncwarp();  // the warp's K rows, copied by all its lanes
    keys_in_shared::keys_from_shared(k, pe, ks, key0, lane, p.k_offset, f);
  }
  __syncthreads();  // Q' rows
  float4 q[kRows];
#pragma unroll
  for (int r = 0; r < kRows; ++r) q[r] = qs[r][lane];

  // 3-5. v045's, or the tail given.
  Tail::run(p, q, k, scores, vs, key0, lane, tid, row0, bh);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  keys_in_shared::launch_tile_kernel<Pe, &q_once_kernel<Pe>>(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::q_once_per_block
