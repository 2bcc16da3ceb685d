// Part keys_in_shared, first built as attention v045:
// v043's 16-warp two-row blocks with every load issued
// before any is used. v043's SASS (run 20261121T1321*) showed ptxas holding
// it to 32 registers by issuing the Q/K loads in three waves, each waiting on
// the last; with a PE hook, the hook's inv_freq load was one more round trip
// after Q and K landed. Here:
//   * K lands like V, by cp.async (16 bytes per lane per row, the plain
//     layout) into shared slots of the warp's own rows: two commit groups
//     (K, then V), so the loads cannot be split into waves;
//   * the warp reads its K rows back after wait + __syncwarp, in the layout
//     the hook wants (neox: dims 2l, 2l+1 and 64+2l, 65+2l);
//   * the lane's two inverse frequencies (inv_freq[2l], [2l + 1]: the same
//     for every hook and row) are loaded with Q, at the top.
// The scores, the softmax and P V are v043's (its helpers for the first two;
// P V's lines are repeated, because a shared helper for them changed both
// kernels' machine code, and measured kernels stay as measured). D = 128 only is compiled; any
// other D runs v012. Limits: v012's (Sk <= 64, D <= 256; any Sq; causal,
// GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/four_keys_per_warp.cuh"

namespace fuselab::kernels::attention::keys_in_shared {

inline constexpr int kD = rows_in_registers::kD;
inline constexpr int kWarps = 16;
inline constexpr int kThreads = 32 * kWarps;
inline constexpr int kKeys = head_tile::kKeys;
inline constexpr int kKeysPerWarp = kKeys / kWarps;  // 4
inline constexpr int kRows = four_keys_per_warp::kRows;
inline constexpr std::size_t kSmemBytes = 2 * std::size_t(kKeys) * kD * sizeof(float);  // K, V

template <class Pe>
__device__ __forceinline__ void pe_lane(const Pe& pe, float4& x, int pos, float2 f) {
  if constexpr (!std::is_same_v<Pe, split_d::NoPe>) pe.lane_with_freq(x, pos, f);
}

// This warp's keys key0.. of K (commit group 0) and V (group 1) by cp.async
// into their shared rows, 16 bytes a lane (kbase, vbase: the head's rows at
// the lane's dims); rows past Sk land as zeros.
template <int kKeysPerWarp>
__device__ __forceinline__ void copy_warp_kv(float (*ks)[kD], float (*vs)[kD], const float* kbase, const float* vbase,
                                             int key0, int lane, int Sk) {
  rows_in_registers::copy_warp_rows<kKeysPerWarp>(ks, kbase, key0, lane, Sk);
  rows_in_registers::copy_warp_rows<kKeysPerWarp>(vs, vbase, key0, lane, Sk);
}

// Q's rows row0.. in the hook's lane layout (four_keys_per_warp::load_lane), zeros past Sq.
template <bool kPaired, int kRows>
__device__ __forceinline__ void load_q_rows(float4 (&q)[kRows], const float* qbase, int row0, int Sq, int lane) {
#pragma unroll
  for (int r = 0; r < kRows; ++r)
    q[r] = row0 + r < Sq ? four_keys_per_warp::load_lane<kPaired>(qbase + std::size_t(row0 + r) * kD, lane) : zero4();
}

// The lane's two inverse frequencies, inv_freq[2l] and [2l + 1] (the same for
// every hook and row); zeros without a PE.
template <class Pe>
__device__ __forceinline__ float2 lane_freq(const Pe& pe, int lane) {
  float2 f = make_float2(0.f, 0.f);
  if constexpr (!std::is_same_v<Pe, split_d::NoPe>) f = __ldg(reinterpret_cast<const float2*>(pe.inv_freq + 2 * lane));
  return f;
}

// One K row read back from shared memory in the hook's layout (neox: dims
// 2l, 2l + 1 and 64 + 2l, 65 + 2l).
template <bool kPaired>
__device__ __forceinline__ float4 key_from_shared(const float* row, int lane) {
  if constexpr (kPaired) {
    const float2 lo = *reinterpret_cast<const float2*>(row + 2 * lane);
    const float2 hi = *reinterpret_cast<const float2*>(row + kD / 2 + 2 * lane);
    return make_float4(lo.x, lo.y, hi.x, hi.y);
  } else {
    return ld4(row + 4 * lane);
  }
}

// This warp's K rows key0.. read back from shared memory in the hook's
// layout, each given its PE.
template <class Pe, int kKeysPerWarp>
__device__ __forceinline__ void keys_from_shared(float4 (&k)[kKeysPerWarp], const Pe& pe, const float (*ks)[kD],
                                                 int key0, int lane, int k_offset, float2 f) {
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) {
    k[j] = key_from_shared<Pe::kPaired>(ks[key0 + j], lane);
    pe_lane(pe, k[j], k_offset + key0 + j, f);
  }
}

// The PE values of this warp's keys key0.. at the lane's dims (the hook's
// lane_values), from their positions and frequencies alone: they can be
// taken before K lands (sinusoidal v093, rope v096).
template <class Pe, int kKeysPerWarp>
__device__ __forceinline__ void key_pe_values(float4 (&e)[kKeysPerWarp], const Pe& pe, int key0, int k_offset,
                                              float2 f) {
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) e[j] = pe.lane_values(k_offset + key0 + j, f);
}

// keys_from_shared with the PE values e taken before.
template <class Pe, int kKeysPerWarp>
__device__ __forceinline__ void keys_from_shared_with(float4 (&k)[kKeysPerWarp], const Pe& pe, const float (*ks)[kD],
                                                      int key0, int lane, const float4 (&e)[kKeysPerWarp]) {
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) {
    k[j] = key_from_shared<Pe::kPaired>(ks[key0 + j], lane);
    pe.lane_apply(k[j], e[j]);
  }
}

// A head-tile block's place: thread, warp and lane; its first query row
// (blockIdx.x: groups of kRows rows) and query head bh (rows_in_registers::block_heads);
// Q's rows of that head, and K's and V's rows of its KV head at the lane's
// dims.
struct TilePlace {
  int tid, warp, lane, row0, bh;
  const float* qbase;
  const float* kbase;
  const float* vbase;
};
template <int kRows, bool kHeadsByGrid = false>
__device__ __forceinline__ TilePlace tile_place(const AttentionProblem& p) {
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int row0 = blockIdx.x * kRows;
  const auto [bh, kv_bh] = rows_in_registers::block_heads<kHeadsByGrid>(p);
  return {tid,
          warp,
          lane,
          row0,
          bh,
          p.q + std::size_t(bh) * p.Sq * kD,
          p.k + std::size_t(kv_bh) * p.Sk * kD + 4 * lane,
          p.v + std::size_t(kv_bh) * p.Sk * kD + 4 * lane};
}

// Steps 3-4 of the kernel, once Q and this warp's K rows hold their PE: the
// scores, then each row's softmax (v043) over this warp's keys, pr[r][j].
__device__ __forceinline__ void scores_softmax(const AttentionProblem& p, const float4 (&q)[kRows],
                                               const float4 (&k)[kKeysPerWarp], float (&scores)[kRows][kKeys],
                                               int key0, int lane, int row0, float (&pr)[kRows][kKeysPerWarp]) {
  // 3. Scores.
  rows_in_registers::scores_to_shared<kRows, kKeysPerWarp>(scores, q, k, lane, key0, row0, p);

  // 4. Softmax per row in every warp, one expf per score (v043).
  four_keys_per_warp::softmax_one_exp<kRows, kKeysPerWarp>(scores, lane, key0, pr);
}

// Step 5, once this warp's V rows have landed: the warp's partial O rows
// over its V slots, summed by 256 threads into out.
__device__ __forceinline__ void pv_to_output(const AttentionProblem& p, const float (&pr)[kRows][kKeysPerWarp],
                                             float (*vs)[kD], int key0, int lane, int tid, int row0, int bh) {
  rows_in_registers::partial_o_rows(pr, vs, key0, lane);
  __syncthreads();
  four_keys_per_warp::sum_warp_rows<kWarps, kKeysPerWarp>(p, vs, tid, row0, bh);
}

// Steps 3-5, with V landed by this thread's cp.async (commit group 1).
__device__ __forceinline__ void scores_to_output(const AttentionProblem& p, const float4 (&q)[kRows],
                                                 const float4 (&k)[kKeysPerWarp], float (&scores)[kRows][kKeys],
                                                 float (*vs)[kD], int key0, int lane, int tid, int row0, int bh) {
  float pr[kRows][kKeysPerWarp];
  scores_softmax(p, q, k, scores, key0, lane, row0, pr);
  cp_async_wait<0>();
  pv_to_output(p, pr, vs, key0, lane, tid, row0, bh);
}

template <class Pe>
__global__ void __launch_bounds__(kThreads) keys_in_shared_kernel(const AttentionProblem p, const Pe pe) {
  constexpr bool kPaired = Pe::kPaired;
  extern __shared__ __align__(16) float smem[];
  float(*ks)[kD] = reinterpret_cast<float(*)[kD]>(smem);
  float(*vs)[kD] = reinterpret_cast<float(*)[kD]>(smem + kKeys * kD);  // V, then partial O rows
  __shared__ float scores[kRows][kKeys];

  const auto [tid, warp, lane, row0, bh, qbase, kbase, vbase] = tile_place<kRows>(p);
  const int key0 = warp * kKeysPerWarp;

  // 1. K (group 0) and V (group 1) by cp.async into this warp's rows; Q and
  //    the lane's frequencies into registers.
  copy_warp_kv<kKeysPerWarp>(ks, vs, kbase, vbase, key0, lane, p.Sk);
  float4 q[kRows];
  load_q_rows<kPaired>(q, qbase, row0, p.Sq, lane);
  const float2 f = lane_freq(pe, lane);

  // 2. The PE of Q; K read back in the hook's layout and given its PE.
#pragma unroll
  for (int r = 0; r < kRows; ++r) pe_lane(pe, q[r], p.q_offset + row0 + r, f);
  cp_async_wait<1>();
  __syncwarp();  // the warp's K rows, copied by all its lanes
  float4 k[kKeysPerWarp];
  keys_from_shared(k, pe, ks, key0, lane, p.k_offset, f);

  scores_to_output(p, q, k, scores, vs, key0, lane, tid, row0, bh);
}

// Launches a D = 128 head-tile kernel (blocks of kBlockThreads threads over
// groups of kBlockRows query rows, kSmem bytes of dynamic shared memory,
// the grid of rows_in_registers::head_tile_grid); any other D runs v012.
template <class Pe, void (*kKernel)(AttentionProblem, Pe), int kBlockThreads, std::size_t kSmem, int kBlockRows,
          bool kHeadsByGrid = false>
inline void launch_head_tile(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  if (p.D != kD) return head_tile_static_d::launch_with(p, pe, stream);
  static const bool configured = [] {
    set_max_dynamic_smem(kKernel, int(kSmem));
    return true;
  }();
  (void)configured;
  kKernel<<<rows_in_registers::head_tile_grid<kHeadsByGrid>(p, kBlockRows), kBlockThreads, kSmem, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

// Launches kKernel (this kernel, or one with its grid, block and shared
// memory: attention v073, v076).
template <class Pe, void (*kKernel)(AttentionProblem, Pe), bool kHeadsByGrid = false>
inline void launch_tile_kernel(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  launch_head_tile<Pe, kKernel, kThreads, kSmemBytes, kRows, kHeadsByGrid>(p, pe, stream);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  launch_tile_kernel<Pe, &keys_in_shared_kernel<Pe>>(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::keys_in_shared
