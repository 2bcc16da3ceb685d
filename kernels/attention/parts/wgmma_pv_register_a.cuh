// Part wgmma_pv_register_a, first built as attention v024:
// v022's phase 1 with a phase 3 on wgmma that never
// transposes V in shared memory. The probe fuselab_probe_split_d_pv_traffic
// (reports/device-logs/20261121T0640Z-probe-split-d-pv-traffic.txt) moves
// phase 3's bytes alone at D = 16384 in 13.8 us cold with v013's traffic
// (cp.async V rows, float4 O) and 17.6 us with v019's; the phases themselves
// take 21-23 us under ncu. v019 lost its time to storing V transposed, one
// float at a time.
//   phase 3 computes O^T = V^T P^T per 128 dims: warpgroup w the 64 dims
//   64w.. as M, the 64 queries as N, the keys as K. B = P is K-major as it
//   is (queries as rows, keys along K): split once, in shared memory. A = V^T
//   comes from registers: V lands row-major by cp.async (row stride 136
//   floats, so the A-fragment loads hit 32 banks), each thread loads its
//   fragments with scalar loads and splits them (3xTF32). The accumulator
//   holds O^T; it goes through shared memory (row stride 132 floats: the
//   fragment stores hit 32 banks) and leaves as float4s, a warp 512 bytes of
//   one query row per instruction.
// ptxas spills 40 bytes per thread here (128 registers at 2 blocks per SM).
// Below one wave (D = 2048) phase 3 is v014's choice. Phases 1 and 2:
// v022's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_f16.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::wgmma_pv_register_a {

using split_d::kS;
using split_d::kThreads;
using wgmma_pv::kDims;

using wgmma_pv::kPFloats;                  // P, one of big / small
inline constexpr int kLdV = kDims + 8;  // V row stride: 8 (mod 32) banks per key
inline constexpr int kLdO = kDims + 4;  // O staging row stride: 4 (mod 32) banks per query
inline constexpr std::size_t kSmemBytes = (2 * kPFloats + kS * kLdV + kS * kLdO) * sizeof(float);

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// Phase 3 of one head over kDims-dim steps: V lands row-major in vs
// (kS x kLdV) by cp.async, O^T = V^T P^T on wgmma, O staged in os
// (kS x kLdO) and stored as float4 rows. 256 threads; v025 shares it.
struct PvSteps {
  const float* vbase;
  float* obase;
  int D, Sq, Sk;
  float* vs;
  float* os;

  __device__ PvSteps(const AttentionProblem& p, int bh, float* vs_, float* os_) : vs(vs_), os(os_) {
    const int h = bh % p.Hq, b = bh / p.Hq;
    D = p.D;
    Sq = p.Sq;
    Sk = p.Sk;
    vbase = p.v + std::size_t(b * p.Hkv + h / (p.Hq / p.Hkv)) * p.Sk * D;
    obase = p.out + std::size_t(bh) * p.Sq * D;
  }

  // V of step s into dst (kS x kLdV), one cp.async group: 16-byte piece
  // e = tid + 256 r is key e / 32, dims 4 (e % 32)...
  __device__ __forceinline__ void load(int s, float* dst) const {
#pragma unroll
    for (int r = 0; r < kS * kDims / 4 / kThreads; ++r) {
      const int e = threadIdx.x + kThreads * r, key = e >> 5, d = s * kDims + 4 * (e & 31);
      const bool valid = key < Sk && d < D;
      cp_async16(dst + key * kLdV + 4 * (e & 31), valid ? vbase + std::size_t(key) * D + d : vbase, valid);
    }
    cp_async_commit();
  }
  __device__ __forceinline__ void load(int s) const { load(s, vs); }

  // The same pieces (v039), addressed from one row pointer per thread that
  // steps 8 keys a repetition, where load() forms each 64-bit address anew.
  __device__ __forceinline__ void load_lean(int s, float* dst) const {
    const int key0 = threadIdx.x >> 5, c = threadIdx.x & 31, d = s * kDims + 4 * c;
    const bool dim_ok = d < D;
    const float* src = vbase + std::size_t(key0) * D + d;
    const std::size_t stride = std::size_t(kThreads / 32) * D;
    float* to = dst + key0 * kLdV + 4 * c;
#pragma unroll
    for (int r = 0; r < kS * kDims / 4 / kThreads; ++r, src += stride) {
      const bool valid = dim_ok && key0 + (kThreads / 32) * r < Sk;
      cp_async16(to + (kThreads / 32) * r * kLdV, valid ? src : vbase, valid);
    }
    cp_async_commit();
  }

  // This thread's A = V^T fragments of k-step k (keys 8k..8k+7) from the
  // landed V at v, split as kSplit says (mma_tf32.cuh).
  template <Tf32Split kSplit>
  __device__ __forceinline__ void load_a(const float* v, int k, std::uint32_t (&big)[4],
                                         std::uint32_t (&small)[4]) const {
    const int tid = threadIdx.x, lane = tid & 31;
    const int dim0 = 64 * (tid >> 7) + 16 * ((tid >> 5) & 3) + (lane >> 2);  // A rows dim0, dim0 + 8
    const int key = 8 * k + (lane & 3);
    const float a[4] = {v[key * kLdV + dim0], v[key * kLdV + dim0 + 8], v[(key + 4) * kLdV + dim0],
                        v[(key + 4) * kLdV + dim0 + 8]};
#pragma unroll
    for (int i = 0; i < 4; ++i) split_tf32<kSplit>(a[i], big[i], small[i]);
  }

  // The three products of k-step k on acc (issued, not committed).
  __device__ __forceinline__ void kstep_products(float (&acc)[32], const std::uint32_t (&big)[4],
                                                 const std::uint32_t (&small)[4], const float* pbig, int k) const {
    const std::uint64_t pb = DenseCores64::desc(pbig, k), ps = DenseCores64::desc(pbig + kPFloats, k);
    wgmma_m64n64k8_tf32_ra(acc, small, pb);  // small terms first
    wgmma_m64n64k8_tf32_ra(acc, big, ps);
    wgmma_m64n64k8_tf32_ra(acc, big, pb);
  }

  // acc = O^T of one step from the landed V at v and P split at pbig.
  // Batches of 2 k-steps: A fragments loaded and split, kept until their
  // products are done (all 8 at once would spill).
  template <Tf32Split kSplit = Tf32Split::kRound>
  __device__ __forceinline__ void products(const float* v, const float* pbig, float (&acc)[32]) const {
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;
    constexpr int kBatch = 2;
#pragma unroll
    for (int half = 0; half < kS / 8 / kBatch; ++half) {
      std::uint32_t abig[kBatch][4], asmall[kBatch][4];
#pragma unroll
      for (int kk = 0; kk < kBatch; ++kk) load_a<kSplit>(v, kBatch * half + kk, abig[kk], asmall[kk]);
      wgmma_fence_operands(acc);
      wgmma_fence();
#pragma unroll
      for (int kk = 0; kk < kBatch; ++kk) kstep_products(acc, abig[kk], asmall[kk], pbig, kBatch * half + kk);
      wgmma_commit();
      wgmma_wait<0>();
#pragma unroll
      for (int kk = 0; kk < kBatch; ++kk) {
        wgmma_fence_operands(abig[kk]);
        wgmma_fence_operands(asmall[kk]);
      }
      wgmma_fence_operands(acc);
    }
  }

  // 3xFP16 (attention v082): this thread's A = V^T fragments of k-step k
  // (keys 16k..16k+15) as fp16 pairs (wgmma_m64n64k16_f16_ra's layout),
  // split into big and small parts.
  __device__ __forceinline__ void load_a_f16(const float* v, int k, std::uint32_t (&big)[4],
                                             std::uint32_t (&small)[4]) const {
    const int tid = threadIdx.x, lane = tid & 31;
    const int dim0 = 64 * (tid >> 7) + 16 * ((tid >> 5) & 3) + (lane >> 2);  // A rows dim0, dim0 + 8
    const float* a = v + (16 * k + 2 * (lane & 3)) * kLdV + dim0;             // keys key, key + 1; key + 8, key + 9
    split_f16x2(a[0], a[kLdV], big[0], small[0]);
    split_f16x2(a[8], a[kLdV + 8], big[1], small[1]);
    split_f16x2(a[8 * kLdV], a[9 * kLdV], big[2], small[2]);
    split_f16x2(a[8 * kLdV + 8], a[9 * kLdV + 8], big[3], small[3]);
  }

  // acc = O^T of one step as products() computes it, on fp16 parts: P split
  // at pbig in HalfDense64 (kPFloats apart), 4 k-steps of 16 keys in
  // batches of 2.
  template <class HalfLayout>
  __device__ __forceinline__ void products_f16(const float* v, const float* pbig, float (&acc)[32]) const {
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;
    constexpr int kBatch = 2;
#pragma unroll
    for (int half = 0; half < kS / 16 / kBatch; ++half) {
      std::uint32_t abig[kBatch][4], asmall[kBatch][4];
#pragma unroll
      for (int kk = 0; kk < kBatch; ++kk) load_a_f16(v, kBatch * half + kk, abig[kk], asmall[kk]);
      wgmma_fence_operands(acc);
      wgmma_fence();
#pragma unroll
      for (int kk = 0; kk < kBatch; ++kk) {
        const int k = kBatch * half + kk;
        const std::uint64_t pb = HalfLayout::desc(pbig, k), ps = HalfLayout::desc(pbig + kPFloats, k);
        wgmma_m64n64k16_f16_ra(acc, asmall[kk], pb);  // small terms first
        wgmma_m64n64k16_f16_ra(acc, abig[kk], ps);
        wgmma_m64n64k16_f16_ra(acc, abig[kk], pb);
      }
      wgmma_commit();
      wgmma_wait<0>();
#pragma unroll
      for (int kk = 0; kk < kBatch; ++kk) {
        wgmma_fence_operands(abig[kk]);
        wgmma_fence_operands(asmall[kk]);
      }
      wgmma_fence_operands(acc);
    }
  }

  // The same products with the A fragments double-buffered (v033): k-step
  // k + 1's fragments are loaded and split while k-step k's products run;
  // one wait per k-step leaves only the newest group in flight.
  template <Tf32Split kSplit = Tf32Split::kRound>
  __device__ __forceinline__ void products_pipelined(const float* v, const float* pbig, float (&acc)[32]) const {
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;
    std::uint32_t big[2][4], small[2][4];
    load_a<kSplit>(v, 0, big[0], small[0]);
#pragma unroll
    for (int k = 0; k < kS / 8; ++k) {
      const int b = k & 1;
      wgmma_fence_operands(acc);
      wgmma_fence();
      kstep_products(acc, big[b], small[b], pbig, k);
      wgmma_commit();
      if (k + 1 < kS / 8) {
        wgmma_wait<1>();  // k-step k - 1's products are done: its fragments are free
        wgmma_fence_operands(big[b ^ 1]);
        wgmma_fence_operands(small[b ^ 1]);
        load_a<kSplit>(v, k + 1, big[b ^ 1], small[b ^ 1]);
      }
    }
    wgmma_wait<0>();
#pragma unroll
    for (int b = 0; b < 2; ++b) {
      wgmma_fence_operands(big[b]);
      wgmma_fence_operands(small[b]);
    }
    wgmma_fence_operands(acc);
  }

  // Step s's O^T (acc: register 4j + r is dim dim0 + 8 (r / 2), query
  // 8j + 2t + r % 2) staged in staging (kS x kLdO) and stored as whole
  // 512-byte row pieces. The staging area must be free; one barrier inside.
  __device__ __forceinline__ void store_o(const float (&acc)[32], float* staging, int s) const {
    const int tid = threadIdx.x, wg = tid >> 7, lane = tid & 31, w = (tid >> 5) & 3;
    const int t = lane & 3, dl = 64 * wg + 16 * w + (lane >> 2);
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) staging[(8 * j + 2 * t + (r & 1)) * kLdO + dl + 8 * (r >> 1)] = acc[4 * j + r];
    __syncthreads();
#pragma unroll
    for (int r = 0; r < kS * kDims / 4 / kThreads; ++r) {
      const int e = tid + kThreads * r, q = e >> 5, d = s * kDims + 4 * (e & 31);
      if (q < Sq && d < D) st4(obase + std::size_t(q) * D + d, ld4(staging + q * kLdO + 4 * (e & 31)));
    }
  }

  // Step s's O^T stored from the accumulators: register 4j + r of a thread
  // is one float of query 8j + 2t + r % 2, dim dim0 + 8 (r / 2); for each
  // register a warp writes 8 consecutive dims (32 bytes) of 4 queries.
  __device__ __forceinline__ void store_o_direct(const float (&acc)[32], int s) const {
    const int tid = threadIdx.x, wg = tid >> 7, lane = tid & 31, w = (tid >> 5) & 3;
    const int t = lane & 3, d0 = s * kDims + 64 * wg + 16 * w + (lane >> 2);
    float* o = obase + std::size_t(2 * t) * D + d0;  // query 2t, dim d0
    const bool d_lo = d0 < D, d_hi = d0 + 8 < D;
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        const int dq = 8 * j + (r & 1);
        if (2 * t + dq < Sq && ((r >> 1) ? d_hi : d_lo)) o[dq * D + 8 * (r >> 1)] = acc[4 * j + r];
      }
  }

  // Steps [s_begin, s_end). Before: load(s_begin) issued; P split at pbig
  // (store_p_split) and fenced for the async proxy by its writers; the
  // first barrier here makes it visible.
  __device__ void run(const float* pbig, int s_begin, int s_end) const {
    for (int s = s_begin; s < s_end; ++s) {
      cp_async_wait<0>();
      __syncthreads();  // V of this step (and, the first time, P) is complete
      float acc[32];
      products(vs, pbig, acc);
      __syncthreads();                 // every warpgroup is done with V
      if (s + 1 < s_end) load(s + 1);  // in flight during the stores
      store_o(acc, os, s);
    }
  }
};
#endif

static __global__ void __launch_bounds__(kThreads, wgmma_pv::kBlocksPerSm)
    pv_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V [key][kLdV], then O [query][kLdO]
  const int bh = blockIdx.y;
  const PvSteps steps(p, bh, smem + 2 * kPFloats, smem + 2 * kPFloats + kS * kLdV);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  if (s_begin < s_end) steps.load(s_begin);  // V does not depend on phase 2
  cudaGridDependencySynchronize();           // P is complete and visible
  wgmma_pv::store_p_split(P + std::size_t(bh) * kS * kS, p.Sq, pbig);
  fence_proxy_async_shared();
  steps.run(pbig, s_begin, s_end);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

inline void launch_pv(const AttentionProblem& p, const split_d::Plan& pl, const float* P, cudaStream_t stream) {
  wgmma_pv::launch_wgmma_pv(&wgmma_pv_register_a::pv_kernel, kSmemBytes, p, pl, P, stream);
}

using Launches = split_d_row_softmax::ThreeLaunches<&padded_split_layout::launch_partial_scores<split_d::NoPe, row_loader::RowQkSubTiles>, &wgmma_pv_register_a::launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::wgmma_pv_register_a
