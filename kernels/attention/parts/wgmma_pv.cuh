// Part wgmma_pv, first built as attention v019:
// v018 with phase 3 (O = P V) on wgmma at fp32 accuracy
// (3xTF32) too. From v014's ncu profile at D = 16384, phase 3 takes 22.5 us,
// bound by issuing its 268 M SIMT FMAs (FMA pipe 54 %, issue 64 %), against
// ~12 us for its 33.5 MB of DRAM traffic.
//   phase 3: 256 threads = two warpgroups; a step covers 128 dims of O,
//            warpgroup w the 64 dims 64w.. . P (64 x 64) is split into tf32
//            big and small parts once per block, in wgmma's K-major layout
//            (A: query rows, keys along K). V is K-major only transposed
//            (B: dims as rows, keys along K): each thread loads float4s along
//            dims and stores their split parts one float at a time; a warp
//            covers 4 keys x 32 dims and the dim-direction core stride is
//            272 bytes (16 of padding), which puts its 32 stores in 32
//            banks. The next step's V is loaded into registers during the
//            products; the products of a step: 8 k-steps x 3 wgmma m64n64k8.
//            Where the grid would not cover the SMs (D = 2048), v006's phase 3
//            runs, as in v014.
// Phases 1 and 2: v018's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/split_d_mma.cuh"  // sm_count
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/attention/parts/wgmma_scores_two_ahead.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::wgmma_pv {

using split_d::kS;
using split_d::kThreads;

inline constexpr int kDims = 128;                  // dims of O per step, 64 per warpgroup
inline constexpr int kPFloats = kS * kS;           // P, one of big / small
// V^T (64 dims as rows, keys along K): dim-adjacent cores 68 floats (272 B)
// apart, so that a warp's stores (4 keys x 32 dims) hit 32 banks.
using VCores = CoreLayout<8 * 68, 68, 32>;
inline constexpr int kVFloats = (kS / 8) * VCores::kStep;  // a 64-dim V^T tile, one of big / small
inline constexpr std::size_t kSmemBytes = (2 * kPFloats + 4 * kVFloats) * sizeof(float);
inline constexpr int kBlocksPerSm = 2;

// blocks_per_sm: the phase-3 blocks per SM to plan for (v040: 1).
inline split_d_register_tiles::Plan3 make_plan(const AttentionProblem& p, int sms, int blocks_per_sm = kBlocksPerSm) {
  return split_d_register_tiles::make_plan3(p, sms, kDims, blocks_per_sm);
}

// Four floats at a (16-byte aligned); kCoherent: through L2 (ld.global.cg).
template <bool kCoherent>
__device__ __forceinline__ float4 ld4_maybe_coherent(const float* a) {
  if constexpr (kCoherent) return __ldcg(reinterpret_cast<const float4*>(a));
  else return ld4(a);
}

// P (64 x 64 row-major at src, global or shared; rows past Sq read as zero)
// split into tf32 big and small parts at pbig and pbig + kPFloats, in
// DenseCores64 (queries as rows, keys along K). 256 threads; v024 and v025
// share it. kMask (v039): split by masking (mma_tf32.cuh). kCoherent (v050):
// P read through L2 only (ld.global.cg), for a phase 3 that runs beside the
// phase writing P; plain loads after the wait are sound as well, as long as
// the pointer is not const __restrict__ (launch_config.cuh).
template <Tf32Split kSplit = Tf32Split::kRound, bool kCoherent = false>
__device__ __forceinline__ void store_p_split(const float* src, int Sq, float* pbig) {
#pragma unroll
  for (int r = 0; r < kS * kS / 4 / kThreads; ++r) {
    const int e = threadIdx.x + kThreads * r, i = e & 63, j4 = e >> 6;
    const float4 x = i < Sq ? ld4_maybe_coherent<kCoherent>(src + i * kS + 4 * j4) : zero4();
    if constexpr (kSplit == Tf32Split::kMask) {
      const int off = DenseCores64::offset(i, 4 * j4);
      std::uint32_t b[4], sm[4];
      split_tf32<kSplit>(x.x, b[0], sm[0]);
      split_tf32<kSplit>(x.y, b[1], sm[1]);
      split_tf32<kSplit>(x.z, b[2], sm[2]);
      split_tf32<kSplit>(x.w, b[3], sm[3]);
      st4(pbig + off, make_float4(__uint_as_float(b[0]), __uint_as_float(b[1]), __uint_as_float(b[2]),
                                  __uint_as_float(b[3])));
      st4(pbig + kPFloats + off, make_float4(__uint_as_float(sm[0]), __uint_as_float(sm[1]),
                                             __uint_as_float(sm[2]), __uint_as_float(sm[3])));
    } else {
      const float4 big = make_float4(__uint_as_float(to_tf32(x.x)), __uint_as_float(to_tf32(x.y)),
                                     __uint_as_float(to_tf32(x.z)), __uint_as_float(to_tf32(x.w)));
      const int off = DenseCores64::offset(i, 4 * j4);
      st4(pbig + off, big);
      st4(pbig + kPFloats + off,
          make_float4(__uint_as_float(to_tf32(x.x - big.x)), __uint_as_float(to_tf32(x.y - big.y)),
                      __uint_as_float(to_tf32(x.z - big.z)), __uint_as_float(to_tf32(x.w - big.w))));
    }
  }
}

static __global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    pv_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V^T: [warpgroup][big, small]
  float* vt = smem + 2 * kPFloats;
  const int tid = threadIdx.x, wg = tid >> 7, warp = tid >> 5, lane = tid & 31;
  const int chunk = blockIdx.x, bh = blockIdx.y, D = p.D;
  const float* vbase = split_d::v_rows_of_head(p, bh);
  float* obase = p.out + std::size_t(bh) * p.Sq * D;

  // V of step s: task t = warp + 8r covers keys 4 (t % 16).. (lane % 4 picks
  // one) and dims 32 (t / 16) + 4 (lane / 4).. of the step.
  const int key_lo = lane & 3, f = lane >> 2;
  float4 vr[8];
  auto load = [&](int s) {
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const int t = warp + 8 * r, key = 4 * (t & 15) + key_lo, d = s * kDims + 32 * (t >> 4) + 4 * f;
      vr[r] = (key < p.Sk && d < D) ? ldg4(vbase + std::size_t(key) * D + d) : zero4();
    }
  };
  auto put_v = [&] {
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const int t = warp + 8 * r, key = 4 * (t & 15) + key_lo, n = 32 * (t >> 4) + 4 * f;
      float* tile = vt + (n >> 6) * 2 * kVFloats;
      const float x[4] = {vr[r].x, vr[r].y, vr[r].z, vr[r].w};
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int off = VCores::offset((n & 63) + i, key);
        const float big = __uint_as_float(to_tf32(x[i]));
        tile[off] = big;
        tile[kVFloats + off] = __uint_as_float(to_tf32(x[i] - big));
      }
    }
  };

  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  if (s_begin < s_end) load(s_begin);  // V does not depend on phase 2

  cudaGridDependencySynchronize();  // P is complete and visible
  store_p_split(P + std::size_t(bh) * kS * kS, p.Sq, pbig);

  const int w = warp & 3;
  const float* vbig = vt + wg * 2 * kVFloats;
  for (int s = s_begin; s < s_end; ++s) {
    put_v();
    fence_proxy_async_shared();
    __syncthreads();  // V^T of this step (and, the first time, P) is complete
    if (s + 1 < s_end) load(s + 1);  // in flight during the products
    float acc[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;
    wgmma_fence_operands(acc);
    wgmma_fence();
#pragma unroll
    for (int k = 0; k < kS / 8; ++k) {
      const std::uint64_t pb = DenseCores64::desc(pbig, k), ps = DenseCores64::desc(pbig + kPFloats, k);
      const std::uint64_t vb = VCores::desc(vbig, k), vs = VCores::desc(vbig + kVFloats, k);
      wgmma_scores::step_3xtf32(acc, pb, ps, vb, vs);
    }
    wgmma_scores::products_done(acc);
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
      for (int r = 0; r < 4; r += 2) {
        const int row = 16 * w + lane / 4 + 8 * (r >> 1);
        const int d = s * kDims + 64 * wg + 8 * j + 2 * (lane & 3);
        if (row < p.Sq && d < D)
          *reinterpret_cast<float2*>(obase + std::size_t(row) * D + d) = make_float2(acc[4 * j + r], acc[4 * j + r + 1]);
      }
    __syncthreads();  // every warpgroup is done with V^T before the next step's stores
  }
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

// Whether a wgmma phase 3 of plan pl3 gives every SM a block (v034 asks too).
inline bool fills_sms(const AttentionProblem& p, const split_d_register_tiles::Plan3& pl3, int sms) {
  return std::size_t(pl3.chunks) * p.B * p.Hq >= std::size_t(sms);
}

// A wgmma phase-3 kernel (this one, v024's) where its grid covers the SMs,
// else v014's choice (v006's phase 3). The choice is made on the plan for
// kBlocksPerSm blocks per SM, the grid planned for blocks_per_sm (v040's
// one per SM is 128 blocks on 132 SMs at D = 16384: still the wgmma kernel).
inline void launch_wgmma_pv(void (*kernel)(AttentionProblem, const float*, int, int), std::size_t smem,
                            const AttentionProblem& p, const split_d::Plan& pl, const float* P, cudaStream_t stream,
                            int blocks_per_sm = kBlocksPerSm) {
  const int sms = split_d_mma::sm_count();
  const split_d_register_tiles::Plan3 pl3 = make_plan(p, sms, blocks_per_sm);
  const unsigned bh = unsigned(p.B) * p.Hq;
  if (!fills_sms(p, make_plan(p, sms), sms)) {
    split_d_row_softmax::launch_pv(p, pl, P, stream);
    return;
  }
  set_max_dynamic_smem(kernel, int(smem));
  launch_dependent(kernel, dim3(pl3.chunks, bh), dim3(kThreads), smem, stream, p, P, pl3.nsub, pl3.spb);
}

// Phase 3 (v021, v023 reuse it).
inline void launch_pv(const AttentionProblem& p, const split_d::Plan& pl, const float* P, cudaStream_t stream) {
  launch_wgmma_pv(&wgmma_pv::pv_kernel, kSmemBytes, p, pl, P, stream);
}

using Launches = split_d_row_softmax::ThreeLaunches<&wgmma_scores::launch_partial_scores<split_d::NoPe, wgmma_scores_two_ahead::kAhead>, &wgmma_pv::launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::wgmma_pv
