// attention v034 — v032 in two launches: phase 1's blocks add their 64x64
// scores into one sum per head at L2 (red.global.add.v4.f32), and each
// phase-3 block takes the softmax of its head's sums itself, so phase 2 and
// its 64 partials per head (4 MB at D = 16384) are gone.
//   zero_sums_kernel: zeroes the sums (B*Hq x 64 x 64 floats) and lets
//     phase 1 launch as soon as it has (programmatic dependent launch);
//     phase 1 waits for it only before its first add.
//   phase 1: v030's (v022's loader and padded cores, the masked split); the
//     two warpgroups' scores are summed in shared memory, then added into
//     the head's sums, 4 floats per red.
//   phase 3: v032's (v028's V two steps ahead, O straight from the
//     accumulators); below one wave v006's. Each block reads its head's sums
//     (16 KB, L2) and writes the softmax into its shared P, a warp per row.
// The adds arrive in any order: the sums, and so the output, may differ
// between runs in the last bits. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/attention/v007_mma_split_d.cuh"  // sm_count
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/global_red.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v034 {

using v002::kS;
using v002::kThreads;

// Workspace: the sums, then a count per head (v035).
inline std::size_t sums_bytes(const AttentionProblem& p) { return std::size_t(p.B) * p.Hq * kS * kS * sizeof(float); }
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return sums_bytes(p) + align_up(std::size_t(p.B) * p.Hq * sizeof(int), 16);
}
__host__ __device__ inline int* head_counts(const AttentionProblem& p, float* sums) {
  return reinterpret_cast<int*>(sums + std::size_t(p.B) * p.Hq * kS * kS);
}

// Zeroes the sums and sets each head's count to the phase-1 blocks still to
// add (v035; unused here). Phase 1 may launch once every block has done so
// (the trigger follows the stores, so that they are visible to phase 1's
// wait however early the trigger lets it launch).
static __global__ void __launch_bounds__(kThreads)
    zero_sums_kernel(const AttentionProblem p, float* __restrict__ sums, int chunks) {
  const int n4 = p.B * p.Hq * kS * kS / 4, stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) st4(sums + 4 * i, zero4());
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.B * p.Hq; i += stride) head_counts(p, sums)[i] = chunks;
  __threadfence();
  cudaTriggerProgrammaticLaunchCompletion();
}

// Phase 1's Out (v017::PartialsOut's interface): the block's scores added
// into head bh's sums. kCounted (v035): phase 3 may launch as soon as every
// phase-1 block has begun (the trigger), and each block counts its head
// down once its adds are done; phase 3 waits on the count, not on the grid.
template <bool kCounted = false>
struct SumsInL2 {
  __device__ static void begin() {
    if constexpr (kCounted) cudaTriggerProgrammaticLaunchCompletion();
  }
  __device__ static void store(const AttentionProblem& p, const float (&acc)[32], float* smem, float* sums, int bh,
                               int, int) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    v017::sum_warpgroups(acc, smem, smem);
    __syncthreads();
    cudaGridDependencySynchronize();  // the sums are zeroed
    float* dst = sums + std::size_t(bh) * kS * kS;
#pragma unroll
    for (int r = 0; r < kS * kS / 4 / kThreads; ++r) {
      const int e = 4 * (threadIdx.x + kThreads * r);
      red_add4(dst + e, ld4(smem + e));
    }
    if constexpr (kCounted) {
      __threadfence();  // this thread's adds, before the count
      __syncthreads();
      if (threadIdx.x == 0) atomicSub(head_counts(p, sums) + bh, 1);
    }
#endif
  }
};

// Phase 3 (kCounted): returns to every thread once head bh's count is zero.
__device__ __forceinline__ void wait_for_head(const AttentionProblem& p, const float* sums, int bh) {
  if (threadIdx.x == 0) {
    const int* count = head_counts(p, const_cast<float*>(sums)) + bh;
    int left;
    while (true) {
      asm volatile("ld.acquire.gpu.global.s32 %0, [%1];\n" : "=r"(left) : "l"(count) : "memory");
      if (left <= 0) break;
      __nanosleep(128);
    }
    __threadfence();
  }
  __syncthreads();
}

// The softmax of one head's summed scores (64 x 64 at sums, complete):
// put(i, j, P_ij) for every i, j < 64, zero past Sq, Sk and the causal bound.
// 256 threads: warp w owns rows 8w..8w+7, lane l columns l and l + 32; every
// load (from L2: the sums were added there) is issued before the first
// reduction.
template <class Put>
__device__ __forceinline__ void softmax_of_sums(const AttentionProblem& p, const float* sums, Put put) {
  constexpr int kRows = kS / (kThreads / 32);
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  float s[kRows][2];
  bool visible[kRows][2];
#pragma unroll
  for (int r = 0; r < kRows; ++r)
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      const int i = kRows * warp + r, j = lane + 32 * c;
      visible[r][c] = i < p.Sq && j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + i);
      s[r][c] = visible[r][c] ? __ldcg(sums + i * kS + j) * p.scale : MaxOp::identity();
    }
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    const float m = warp_max(fmaxf(s[r][0], s[r][1]));
    const float e0 = visible[r][0] ? expf(s[r][0] - m) : 0.f, e1 = visible[r][1] ? expf(s[r][1] - m) : 0.f;
    const float l = warp_sum(e0 + e1);
    const int i = kRows * warp + r;
    put(i, lane, l > 0.f ? e0 / l : 0.f);
    put(i, lane + 32, l > 0.f ? e1 / l : 0.f);
  }
}

// Phase 3's P source (v028::SplitOfP's interface): the softmax, split.
template <bool kCounted = false>
struct SoftmaxOfSums {
  __device__ static void put(const AttentionProblem& p, const float* sums, int bh, float* pbig) {
    if constexpr (kCounted) wait_for_head(p, sums, bh);
    softmax_of_sums(p, sums + std::size_t(bh) * kS * kS, [&](int i, int j, float x) {
      std::uint32_t big, small;
      split_tf32(x, big, small);
      const int off = DenseCores64::offset(i, j);
      pbig[off] = __uint_as_float(big);
      pbig[v019::kPFloats + off] = __uint_as_float(small);
    });
  }
};

// Phase 3 below one wave: v006's with P^T from the sums.
template <bool kCounted = false>
__global__ void __launch_bounds__(kThreads, 2)
    pv_tuned_kernel(const AttentionProblem p, const float* sums, int nsub, int spb) {
  v006::pv_block(p, nsub, spb, [&](float(*pt)[v002::kLd]) {
    const int bh = blockIdx.y;
    if constexpr (kCounted) wait_for_head(p, sums, bh);
    softmax_of_sums(p, sums + std::size_t(bh) * kS * kS, [&](int i, int j, float x) { pt[j][i] = x; });
  });
}

template <class Pe, template <class> class Loader, bool kCounted = false>
inline constexpr auto kPhase1 = &v017::partial_scores_kernel<Pe, 1, Loader, false, v022::PaddedCores64,
                                                             v030::kSplit, SumsInL2<kCounted>>;
template <bool kDirectO, bool kPipelined, bool kCounted = false>
inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, kDirectO, kPipelined, SoftmaxOfSums<kCounted>>;

// kDirectO, kPipelined: v030::launch_with's; kCounted: SumsInL2's.
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, bool kDirectO = true,
          bool kPipelined = false, bool kCounted = false>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v017::require_sm90a();
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const unsigned bh = unsigned(p.B) * p.Hq;
  float* sums = static_cast<float*>(workspace);
  zero_sums_kernel<<<ceil_div(int(bh) * kS * kS / 4, kThreads), kThreads, 0, stream>>>(p, sums, pl.chunks1);
  FUSELAB_CUDA_CHECK(cudaGetLastError());

  constexpr auto phase1 = kPhase1<Pe, Loader, kCounted>;
  constexpr std::size_t kSmem1 = v017::kSmemBytes<v022::PaddedCores64>;
  set_max_dynamic_smem(phase1, int(kSmem1));
  launch_dependent(phase1, dim3(pl.chunks1, bh), dim3(kThreads), kSmem1, stream, p, pe, sums, pl.nsub1, pl.spb1);

  const float* added = sums;
  const int sms = v007::sm_count();
  const v013::Plan3 pl3 = v019::make_plan(p, sms);
  if (v019::fills_sms(p, pl3, sms)) {
    constexpr auto phase3 = kPhase3<kDirectO, kPipelined, kCounted>;
    set_max_dynamic_smem(phase3, int(v028::kSmemBytes));
    launch_dependent(phase3, dim3(pl3.chunks, bh), dim3(kThreads), v028::kSmemBytes, stream, p, added, pl3.nsub,
                     pl3.spb);
  } else {
    constexpr auto phase3 = &pv_tuned_kernel<kCounted>;
    set_max_dynamic_smem(phase3, int(v006::kPvSmemBytes));
    launch_dependent(phase3, dim3(pl.chunks3, bh), dim3(kThreads), v006::kPvSmemBytes, stream, p, added, pl.nsub3,
                     pl.spb3);
  }
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v034::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v034
