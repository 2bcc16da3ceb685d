// attention v027 — v024 with phase 1's Q and K sub-tiles landed by TMA
// (kernels/common/tma.cuh) into a 4-stage ring, already in the swizzled
// K-major layout that wgmma reads. v017-v024 bring every element through
// registers (per-lane global loads and their addresses, a split, two stores
// into a computed core offset) with one sub-tile in flight per block.
//   ring:     stage = the sub-tile's Q box then K box, 16 KB: 64 rows x 32
//             dims at 128-byte swizzle (paired: the 16 low dims and the same
//             16 high dims, two boxes per tensor at 64-byte swizzle). Thread 0
//             issues the boxes of sub-tile i + 3 as sub-tile i starts, so
//             three sub-tiles (48 KB per block) stay in flight.
//   split:    each thread takes 4 float4s of the stage at their landed
//             offsets (conflict-free), applies the PE hook at the (row, dim)
//             the swizzle put there, writes the tf32 big part back in place
//             and the small part at the same offset of a double-buffered
//             small stage. No layout arithmetic for the data itself.
//   products: as v017 (3xTF32, warpgroup w the k-steps 2w and 2w + 1), from
//             the stage and the small stage; they run while the next
//             sub-tile is split, waited for before the next barrier.
// Phases 2 and 3: v024's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/common/tensor_map.h"
#include "kernels/common/tma.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v027 {

using v002::kS;
using v002::kThreads;

inline constexpr int kStages = 4;

// Where a sub-tile's boxes sit in a stage, and how they were swizzled.
template <bool kPaired>
struct StageLayout {
  static constexpr int kBoxDims = kPaired ? 16 : 32;         // dims per box row
  static constexpr int kBoxBytes = kS * kBoxDims * 4;        // 8 KB or 4 KB
  static constexpr int kTensorBytes = 8192;                  // a tensor's boxes
  static constexpr int kStageBytes = 2 * kTensorBytes;       // Q, then K
  static constexpr int kStrideBytes = 8 * kBoxDims * 4;      // between 8-row groups
  static constexpr int kSwizzle = kPaired ? 2 : 1;           // descriptor layout type
  static constexpr int kF4PerRow = kBoxDims / 4;
  static_assert(kTensorBytes == (kPaired ? 2 : 1) * kBoxBytes, "a tensor's sub-tile is 32 dims");

  // Byte offset of k-step k (0..3) of the sub-tile within a tensor's boxes.
  __host__ __device__ static constexpr int kstep(int k) {
    return kPaired ? (k >> 1) * kBoxBytes + (k & 1) * 32 : k * 32;
  }
  // The row and the dim within its box of the float4 that landed at index f
  // of a box (the swizzle XORs the 16-byte chunk with row bits).
  __host__ __device__ static constexpr int row_of(int f) { return f / kF4PerRow; }
  __host__ __device__ static constexpr int dim_of(int f) {
    const int row = f / kF4PerRow, chunk = f % kF4PerRow;
    return 4 * (chunk ^ (kPaired ? ((row >> 1) & 3) : (row & 7)));
  }
};

inline constexpr std::size_t kAlignSlack = 1024;  // the ring starts 1024-byte aligned
template <bool kPaired>
inline constexpr std::size_t kSmemBytes =
    kAlignSlack + std::size_t(kStages + 2) * StageLayout<kPaired>::kStageBytes;
static_assert(kSmemBytes<false> >= kAlignSlack + kS * kS * sizeof(float), "the final reduction fits");

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// Writes x's tf32 big part to *big and the rest to *small. kRound here
// rounds big and leaves small as it is (the tensor core reads its top bits);
// kMask (v031) masks big.
template <Tf32Split kSplit>
__device__ __forceinline__ void split_to(float4* big, float4* small, float4 x) {
  auto big_of = [](float v) { return kSplit == Tf32Split::kMask ? tf32_truncate(v) : to_tf32(v); };
  const std::uint32_t b[4] = {big_of(x.x), big_of(x.y), big_of(x.z), big_of(x.w)};
  const float4 bf = make_float4(__uint_as_float(b[0]), __uint_as_float(b[1]), __uint_as_float(b[2]),
                                __uint_as_float(b[3]));
  *big = bf;
  *small = make_float4(x.x - bf.x, x.y - bf.y, x.z - bf.z, x.w - bf.w);
}
#endif

// Block (chunk, bh): partial scores of sub-tiles [chunk * spb, ...) of head
// bh into part[bh][chunk]. kSplit (v031): how values become tf32 parts.
template <class Pe, Tf32Split kSplit = Tf32Split::kRound>
__global__ void __launch_bounds__(kThreads, 2)
    tma_scores_kernel(const __grid_constant__ CUtensorMap qmap, const __grid_constant__ CUtensorMap kmap,
                      const AttentionProblem p, const Pe pe, float* __restrict__ part, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  using L = StageLayout<Pe::kPaired>;
  constexpr bool kHasPe = !std::is_same_v<Pe, v002::NoPe>;
  extern __shared__ unsigned char smem_raw[];
  __shared__ std::uint64_t full[kStages];
  unsigned char* ring = smem_raw + ((1024 - (shared_address(smem_raw) & 1023)) & 1023);
  unsigned char* smalls = ring + kStages * L::kStageBytes;

  const int tid = threadIdx.x, wg = tid >> 7;
  const int chunk = blockIdx.x, bh = blockIdx.y, chunks = gridDim.x;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int khead = b * p.Hkv + h / (p.Hq / p.Hkv);
  const int s_begin = chunk * spb, n = min(nsub, s_begin + spb) - s_begin;
  const int half = p.D >> 1;
  if constexpr (HasBegin<Pe>::value) pe.begin(s_begin * 16, min(half, (s_begin + n) * 16));

  // Sub-tile s_begin + i into stage i % kStages (thread 0).
  auto issue = [&](int i) {
    const int s = s_begin + i;
    std::uint64_t* bar = &full[i % kStages];
    unsigned char* stage = ring + (i % kStages) * L::kStageBytes;
    mbarrier_expect_tx(bar, L::kStageBytes);
    if constexpr (Pe::kPaired) {
      const int d = s * L::kBoxDims;
      tma_load_3d(stage, &qmap, bar, d, 0, bh);
      tma_load_3d(stage + L::kBoxBytes, &qmap, bar, half + d, 0, bh);
      tma_load_3d(stage + L::kTensorBytes, &kmap, bar, d, 0, khead);
      tma_load_3d(stage + L::kTensorBytes + L::kBoxBytes, &kmap, bar, half + d, 0, khead);
    } else {
      const int d = s * L::kBoxDims;
      tma_load_3d(stage, &qmap, bar, d, 0, bh);
      tma_load_3d(stage + L::kTensorBytes, &kmap, bar, d, 0, khead);
    }
  };

  if (tid == 0) {
    for (int st = 0; st < kStages; ++st) mbarrier_init(&full[st], 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  if (tid == 0)
    for (int i = 0; i < min(n, kStages); ++i) issue(i);

  // QkShared hooks (v032): one PE evaluation for the Q and K float4s a
  // thread holds at the same (row, dims) when both rows sit at one position.
  [[maybe_unused]] const bool share = SharesQk<Pe>::value && p.q_offset == p.k_offset;

  // Splits sub-tile s (landed in stage) into big (in place) and small parts.
  auto split = [&](int s, unsigned char* stage, unsigned char* small) {
    if constexpr (SharesQk<Pe>::value && Pe::kPaired) {
      // Thread tid: float4 tid of the low and high boxes of Q and of K.
      const int row = L::row_of(tid), i = s * L::kBoxDims + L::dim_of(tid);
      float4* qlo = reinterpret_cast<float4*>(stage) + tid;
      float4* klo = reinterpret_cast<float4*>(stage + L::kTensorBytes) + tid;
      float4 x[4] = {qlo[0], qlo[L::kBoxBytes / 16], klo[0], klo[L::kBoxBytes / 16]};  // Q lo, hi; K lo, hi
      if (i < half) {  // rows past S landed as zeros and stay zeros
        if (share && row < p.Sq && row < p.Sk) {
          pe.both2(x[0], x[1], x[2], x[3], p.q_offset + row, i);
        } else {
          if (row < p.Sq) pe.q2(x[0], x[1], p.q_offset + row, i);
          if (row < p.Sk) pe.k2(x[2], x[3], p.k_offset + row, i);
        }
      } else {  // the low box ran into the high half
#pragma unroll
        for (int u = 0; u < 4; ++u) x[u] = zero4();
      }
#pragma unroll
      for (int u = 0; u < 4; ++u) {
        const int off = (u >> 1) * (L::kTensorBytes / 16) + (u & 1) * (L::kBoxBytes / 16) + tid;
        split_to<kSplit>(reinterpret_cast<float4*>(stage) + off, reinterpret_cast<float4*>(small) + off, x[u]);
      }
    } else if constexpr (SharesQk<Pe>::value) {
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        const int g = tid + kThreads * j;  // the same float4 of Q's box and of K's
        float4* rq = reinterpret_cast<float4*>(stage) + g;
        float4* rk = rq + L::kTensorBytes / 16;
        float4 xq = *rq, xk = *rk;
        const int row = L::row_of(g), d = s * L::kBoxDims + L::dim_of(g);
        if (d < p.D) {  // dims past D and rows past S landed as zeros
          if (share && row < p.Sq && row < p.Sk) {
            pe.both(xq, xk, p.q_offset + row, d);
          } else {
            if (row < p.Sq) pe.q(xq, p.q_offset + row, d);
            if (row < p.Sk) pe.k(xk, p.k_offset + row, d);
          }
        }
        split_to<kSplit>(rq, reinterpret_cast<float4*>(small) + g, xq);
        split_to<kSplit>(rk, reinterpret_cast<float4*>(small) + g + L::kTensorBytes / 16, xk);
      }
    } else if constexpr (Pe::kPaired) {
      // Thread tid: float4 tid of the low box and of the high box of Q and of K.
      const int row = L::row_of(tid), i = s * L::kBoxDims + L::dim_of(tid);
#pragma unroll
      for (int t = 0; t < 2; ++t) {
        float4* lo = reinterpret_cast<float4*>(stage + t * L::kTensorBytes) + tid;
        float4* hi = lo + L::kBoxBytes / 16;
        float4* slo = reinterpret_cast<float4*>(small + t * L::kTensorBytes) + tid;
        float4* shi = slo + L::kBoxBytes / 16;
        float4 a = *lo, c = *hi;
        if (i < half) {  // rows past S landed as zeros and stay zeros
          if (row < (t == 0 ? p.Sq : p.Sk)) {
            if (t == 0) pe.q2(a, c, p.q_offset + row, i);
            else pe.k2(a, c, p.k_offset + row, i);
          }
        } else {  // the low box ran into the high half
          a = zero4();
          c = zero4();
        }
        split_to<kSplit>(lo, slo, a);
        split_to<kSplit>(hi, shi, c);
      }
    } else {
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int f = tid + kThreads * j;  // Q's box: f < 512
        float4* raw = reinterpret_cast<float4*>(stage) + f;
        float4 x = *raw;
        if constexpr (kHasPe) {
          const int g = f & 511, row = L::row_of(g), d = s * L::kBoxDims + L::dim_of(g);
          if (d < p.D) {  // dims past D and rows past S landed as zeros
            if (j < 2) {
              if (row < p.Sq) pe.q(x, p.q_offset + row, d);
            } else if (row < p.Sk) {
              pe.k(x, p.k_offset + row, d);
            }
          }
        }
        split_to<kSplit>(raw, reinterpret_cast<float4*>(small) + f, x);
      }
    }
  };

  float acc[32];
#pragma unroll
  for (int r = 0; r < 32; ++r) acc[r] = 0.f;
  for (int i = 0; i < n; ++i) {
    unsigned char* stage = ring + (i % kStages) * L::kStageBytes;
    unsigned char* small = smalls + (i & 1) * L::kStageBytes;
    mbarrier_wait(&full[i % kStages], (i / kStages) & 1);
    split(s_begin + i, stage, small);
    if (i > 0) {  // sub-tile i - 1's products, still reading their stage
      wgmma_wait<0>();
      wgmma_fence_operands(acc);
    }
    fence_proxy_async_shared();
    // Sub-tile i is split, and every warpgroup is done with sub-tile i - 1.
    __syncthreads();
    if (tid == 0 && i > 0 && i - 1 + kStages < n) {
      fence_proxy_async_shared();
      issue(i - 1 + kStages);  // into the stage of sub-tile i - 1
    }
    wgmma_fence_operands(acc);
    wgmma_fence();
#pragma unroll
    for (int k = 2 * wg; k < 2 * wg + 2; ++k) {
      const int off = L::kstep(k);
      auto desc = [&](unsigned char* base) { return wgmma_desc_swizzled(base + off, L::kStrideBytes, L::kSwizzle); };
      const std::uint64_t qb = desc(stage), qs = desc(small);
      const std::uint64_t kb = desc(stage + L::kTensorBytes), ks = desc(small + L::kTensorBytes);
      wgmma_m64n64k8_tf32(acc, qs, kb);  // small terms first
      wgmma_m64n64k8_tf32(acc, qb, ks);
      wgmma_m64n64k8_tf32(acc, qb, kb);
    }
    wgmma_commit();
  }
  wgmma_wait<0>();
  wgmma_fence_operands(acc);
  v017::sum_warpgroups(acc, reinterpret_cast<float*>(ring), part + (std::size_t(bh) * chunks + chunk) * kS * kS);
#else
  __trap();  // not built for sm_90a: the launch refuses before this runs
#endif
}

// Phase 1; returns where the partials and P go.
template <class Pe, Tf32Split kSplit = Tf32Split::kRound>
inline v013::Buffers launch_partial_scores(const AttentionProblem& p, const Pe& pe, const v002::Plan& pl,
                                           void* workspace, cudaStream_t stream) {
  v017::require_sm90a();
  using L = StageLayout<Pe::kPaired>;
  const v013::Buffers buf = v013::buffers(p, pl, workspace);
  const CUtensorMap qmap = head_tile_map(p.q, p.B * p.Hq, p.Sq, p.D, kS, L::kBoxDims);
  const CUtensorMap kmap = head_tile_map(p.k, p.B * p.Hkv, p.Sk, p.D, kS, L::kBoxDims);
  constexpr auto kernel = &tma_scores_kernel<Pe, kSplit>;
  set_max_dynamic_smem(kernel, int(kSmemBytes<Pe::kPaired>));
  kernel<<<dim3(pl.chunks1, unsigned(p.B) * p.Hq), kThreads, kSmemBytes<Pe::kPaired>, stream>>>(
      qmap, kmap, p, pe, buf.part, pl.nsub1, pl.spb1);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  return buf;
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = launch_partial_scores(p, pe, pl, workspace, stream);
  v014::launch_row_softmax(p, buf.part, pl.chunks1, buf.P, stream);
  v024::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v027::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v027
