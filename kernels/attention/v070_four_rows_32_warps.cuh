// attention v070 — v045's head tile with 4 query rows per block and 32 warps
// of 2 keys, so each warp's chain is v045's (8 dot products: 4 rows x 2
// keys) while the grid halves to 64 blocks. fuselab_probe_head_tile_reads
// (run 20261126T0042*): v045's data movement alone (every block copying its
// head's K and V by cp.async) takes 3.78 us cold against 2.56 for reading
// Q, K, V and writing O once; the blocks take 8 MB out of L2 for 256 KB of
// distinct bytes. Half the blocks take half of that out of L2 (4 MB); each
// SM still takes in 64 KB.
//   * K (group 0) and V (group 1) by cp.async into this warp's 2 rows, as in
//     v045; Q's 4 rows and the lane's frequencies into registers;
//   * scores, the softmax (every warp, 4 rows) and P V as v045's, at
//     4 rows x 2 keys;
//   * the 32 warps' partial rows go to their own shared region (4 rows do
//     not fit in a warp's 2 V slots) and 512 threads sum them, one output
//     each.
// 1024 threads and 128 KB of shared memory: one block per SM. D = 128 only
// is compiled; any other D runs v012. Limits: v012's (Sk <= 64, D <= 256;
// any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v045_keys_in_shared.cuh"

namespace fuselab::kernels::attention::v070 {

inline constexpr int kD = v045::kD;
inline constexpr int kWarps = 32;
inline constexpr int kThreads = 32 * kWarps;
inline constexpr int kKeys = v045::kKeys;
inline constexpr int kKeysPerWarp = kKeys / kWarps;  // 2
inline constexpr int kRows = 4;
// K, V, then each warp's kRows partial O rows.
inline constexpr std::size_t kSmemBytes = (2 * std::size_t(kKeys) + kWarps * kRows) * kD * sizeof(float);

template <class Pe>
__global__ void __launch_bounds__(kThreads) four_rows_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kN = kRows * kKeysPerWarp;
  constexpr bool kPaired = Pe::kPaired;
  extern __shared__ __align__(16) float smem[];
  float(*ks)[kD] = reinterpret_cast<float(*)[kD]>(smem);
  float(*vs)[kD] = reinterpret_cast<float(*)[kD]>(smem + kKeys * kD);
  float(*partial)[kRows][kD] = reinterpret_cast<float(*)[kRows][kD]>(smem + 2 * kKeys * kD);
  __shared__ float scores[kRows][kKeys];

  const auto [tid, warp, lane, row0, bh, qbase, kbase, vbase] = v045::tile_place<kRows>(p);
  const int key0 = warp * kKeysPerWarp;

  // 1. K (group 0) and V (group 1) by cp.async into this warp's rows; Q and
  //    the lane's frequencies into registers.
  v045::copy_warp_kv<kKeysPerWarp>(ks, vs, kbase, vbase, key0, lane, p.Sk);
  float4 q[kRows];
  v045::load_q_rows<kPaired>(q, qbase, row0, p.Sq, lane);
  const float2 f = v045::lane_freq(pe, lane);

  // 2. The PE of Q; K read back in the hook's layout and given its PE.
#pragma unroll
  for (int r = 0; r < kRows; ++r) v045::pe_lane(pe, q[r], p.q_offset + row0 + r, f);
  cp_async_wait<1>();
  __syncwarp();  // the warp's K rows, copied by all its lanes
  float4 k[kKeysPerWarp];
  v045::keys_from_shared(k, pe, ks, key0, lane, p.k_offset, f);

  // 3. Scores: value index r * 2 + j.
  float part[kN];
  v045::dot_partials(part, q, k);
  v041::store_scores<kRows, kKeysPerWarp>(scores, part, lane, key0, row0, p);
  __syncthreads();

  // 4. Softmax per row in every warp, one expf per score (v043).
  float pr[kRows][kKeysPerWarp];
  v043::softmax_one_exp<kRows, kKeysPerWarp>(scores, lane, key0, pr);

  // 5. P V over this warp's keys (each thread reads back the V float4s it
  //    copied) into the warp's partial rows; summed by 512 threads.
  cp_async_wait<0>();
  const float* vmine = &vs[key0][4 * lane];
  float4 v[kKeysPerWarp];
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) v[j] = ld4(vmine + j * kD);
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    float4 o = zero4();
#pragma unroll
    for (int j = 0; j < kKeysPerWarp; ++j) o = axpy4(pr[r][j], v[j], o);
    st4(&partial[warp][r][4 * lane], o);
  }
  __syncthreads();
  if (tid < kRows * kD) {
    const int r = tid / kD, d = tid % kD;
    float o[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int w = 0; w < kWarps; ++w) o[w % 4] += partial[w][r][d];
    if (row0 + r < p.Sq) p.out[(std::size_t(bh) * p.Sq + row0 + r) * kD + d] = (o[0] + o[1]) + (o[2] + o[3]);
  }
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  if (p.D != kD) return v012::launch_with(p, pe, stream);
  static const bool configured = [] {
    set_max_dynamic_smem(&four_rows_kernel<Pe>, int(kSmemBytes));
    return true;
  }();
  (void)configured;
  const dim3 grid(unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B) * p.Hq);
  four_rows_kernel<Pe><<<grid, kThreads, kSmemBytes, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v070
