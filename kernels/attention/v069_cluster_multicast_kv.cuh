// attention v069 — v045's two-row blocks with K and V landing by multicast
// over a cluster of 8 blocks of the same head. In v045 each of a head's 32
// blocks copies the head's whole K and V (64 KB) from L2 by cp.async: at
// 1x4x64x128 that is 8 MB out of L2 for 256 KB of distinct bytes, 32 requests
// for every line, all in the same microsecond. Here:
//   * a cluster is 8 consecutive query-row blocks of one head; rank r copies
//     keys 8r..8r+7 of K and of V (4 KB each) by one bulk copy each,
//     multicast into every rank's shared memory, so L2 serves each line 4
//     times per head instead of 32;
//   * two mbarriers per block count the bytes (K landed, V landed); a
//     cluster barrier after their inits lets no copy land before them;
//   * rows >= Sk get zeros (no rank copies them); blocks past Sq (the grid
//     is rounded up to whole clusters) still copy their part;
//   * each rank arrives on the cluster barrier once its V has landed and
//     waits on it before it exits, so no block leaves while a copy may still
//     target it.
// Q, the frequencies, the PE, the scores, the softmax and P V are v045's
// (its helpers). D = 128 only is compiled; any other D runs v012.
// Limits: v012's (Sk <= 64, D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/attention/v045_keys_in_shared.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/tma.cuh"

namespace fuselab::kernels::attention::v069 {

inline constexpr int kD = v045::kD;
inline constexpr int kWarps = v045::kWarps;
inline constexpr int kThreads = v045::kThreads;
inline constexpr int kKeys = v045::kKeys;
inline constexpr int kKeysPerWarp = v045::kKeysPerWarp;
inline constexpr int kRows = v045::kRows;
inline constexpr std::size_t kSmemBytes = v045::kSmemBytes;
inline constexpr int kCluster = 8;
inline constexpr int kKeysPerRank = kKeys / kCluster;
inline constexpr auto kAllRanks = std::uint16_t((1u << kCluster) - 1);

template <class Pe>
__global__ void __launch_bounds__(kThreads) multicast_kernel(const AttentionProblem p, const Pe pe) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  namespace cg = cooperative_groups;
  constexpr bool kPaired = Pe::kPaired;
  extern __shared__ __align__(16) float smem[];
  float(*ks)[kD] = reinterpret_cast<float(*)[kD]>(smem);
  float(*vs)[kD] = reinterpret_cast<float(*)[kD]>(smem + kKeys * kD);  // V, then partial O rows
  __shared__ float scores[kRows][kKeys];
  __shared__ __align__(8) std::uint64_t landed[2];  // K, V

  cg::cluster_group cluster = cg::this_cluster();
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int row0 = blockIdx.x * kRows, bh = blockIdx.y;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kv_bh = b * p.Hkv + h / (p.Hq / p.Hkv);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD;
  const int key0 = warp * kKeysPerWarp;

  // 1. Q and the lane's frequencies in flight; zeros in rows >= Sk; the
  //    barriers; then every rank's part of K and V to every rank.
  float4 q[kRows];
  v045::load_q_rows<kPaired>(q, qbase, row0, p.Sq, lane);
  const float2 f = v045::lane_freq(pe, lane);
  for (int i = p.Sk * kD / 4 + tid; i < kKeys * kD / 4; i += kThreads) {
    st4(&ks[0][0] + 4 * i, zero4());
    st4(&vs[0][0] + 4 * i, zero4());
  }
  if (tid == 0) {
    mbarrier_init(&landed[0], 1);
    mbarrier_init(&landed[1], 1);
    fence_mbarrier_init();
  }
  cluster.sync();  // every rank's barriers exist (and this block's zeros are written)
  if (tid == 0) {
    const unsigned head_bytes = unsigned(p.Sk) * kD * sizeof(float);
    mbarrier_expect_tx(&landed[0], head_bytes);
    mbarrier_expect_tx(&landed[1], head_bytes);
    const int first = int(cluster.block_rank()) * kKeysPerRank;
    const int keys = min(kKeysPerRank, p.Sk - first);
    if (keys > 0) {
      const std::size_t at = (std::size_t(kv_bh) * p.Sk + first) * kD;
      const unsigned bytes = unsigned(keys) * kD * sizeof(float);
      bulk_load_multicast(ks[first], p.k + at, bytes, &landed[0], kAllRanks);
      bulk_load_multicast(vs[first], p.v + at, bytes, &landed[1], kAllRanks);
    }
  }

  // 2. The PE of Q; this warp's K rows read back in the hook's layout (v045).
#pragma unroll
  for (int r = 0; r < kRows; ++r) v045::pe_lane(pe, q[r], p.q_offset + row0 + r, f);
  mbarrier_wait(&landed[0], 0);
  float4 k[kKeysPerWarp];
  v045::keys_from_shared(k, pe, ks, key0, lane, p.k_offset, f);

  // 3-4. v045's scores and softmax.
  float pr[kRows][kKeysPerWarp];
  v045::scores_softmax(p, q, k, scores, key0, lane, row0, pr);

  // 5. v045's P V, once every copy into this block has landed (the warp's
  //    partial rows go over V slots that only it reads).
  mbarrier_wait(&landed[1], 0);
  cluster.barrier_arrive();  // every copy into this block has landed
  v045::pv_to_output(p, pr, vs, key0, lane, tid, row0, bh);
  cluster.barrier_wait();  // no rank leaves while a copy may still target it
#endif
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  if (p.D != kD) return v012::launch_with(p, pe, stream);
  static const bool configured = [] {
    set_max_dynamic_smem(&multicast_kernel<Pe>, int(kSmemBytes));
    return true;
  }();
  (void)configured;
  const dim3 grid(unsigned(ceil_div(ceil_div(p.Sq, kRows), kCluster) * kCluster), unsigned(p.B) * p.Hq);
  launch_clustered(kCluster, &multicast_kernel<Pe>, grid, dim3(kThreads), kSmemBytes, stream, p, pe);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v069
