// Part p_by_async_copies, first built as attention v103:
// v082 with phase 3's P fetched by cp.async, ahead of V,
// instead of by loads into registers. The split-D timeline with P made in
// shared memory instead of read (fuselab_probe_split_d_timeline
// v082-uniform-p, call 1725Z of 2026-11-26) ended phase 3 1.7 us sooner at
// D = 16384 and 1.9 us at 8192, and its threads were done asking for V in
// 1.3 us (median block) against 7.4 with v082's P loads behind their V
// copies; v102's P loads, issued first, held V back as well (V's last step
// landed 38.1 us against 37.1). Loads into registers sit in the SM's queue
// beside the copies; here P is one more group of copies, asked for before
// V's two.
//   phase 3: after the grid wait, each thread copies its 4 float4s of P
//            (16 KB a block) into the spare halves of P's shared tiles
//            (the fp16 parts fill the first 8 KB of each 16 KB), then puts
//            V's two steps in flight; once P's group has landed the block
//            splits it into v082's fp16 parts. The products and stores are
//            v082's.
//   phases 1 and 2: v082's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/phase1_fp16_split.cuh"
#include "kernels/attention/parts/pv_fp16_split.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_f16.cuh"

namespace fuselab::kernels::attention::p_by_async_copies {

using split_d::kS;
using split_d::kThreads;

// A v028 P source with Fetched (v098's interface): fetch() puts P's copies
// in flight as one cp.async group, store() waits for that group (V's two
// groups, younger, may still be pending) and splits P into v082's fp16
// parts. Raw P lands in the halves of P's two tiles that the parts leave
// free: rows 0-31 at kPFloats / 2, rows 32-63 at kPFloats * 3 / 2 (floats
// from the start of dynamic shared memory, where pv_pipeline::pv_kernel puts P).
struct CopiedHalfSplitOfP {
  static constexpr bool kHalves = true;
  using Layout = pv_fp16_split::HalfDense64;
  static constexpr int kPerThread = kS * kS / 4 / kThreads;
  static_assert(Layout::offset_halves(kS - 1, kS - 1) < wgmma_pv::kPFloats, "the fp16 parts fill half a tile");
  struct Fetched {};
  __device__ static int row(int r) { return (threadIdx.x + kThreads * r) >> 4; }
  __device__ static int col4(int r) { return (threadIdx.x + kThreads * r) & 15; }
  __device__ static float* raw_row(float* pbig, int i) {
    return pbig + (i < kS / 2 ? wgmma_pv::kPFloats / 2 + i * kS : wgmma_pv::kPFloats * 3 / 2 + (i - kS / 2) * kS);
  }
  __device__ static Fetched fetch(const AttentionProblem& p, const float* P, int bh) {
    extern __shared__ __align__(128) float smem[];  // pv_pipeline::pv_kernel's: P's tiles first
    const float* src = P + std::size_t(bh) * kS * kS;
#pragma unroll
    for (int r = 0; r < kPerThread; ++r) {
      const bool valid = row(r) < p.Sq;  // rows past Sq land as zeros
      cp_async16(raw_row(smem, row(r)) + 4 * col4(r), valid ? src + row(r) * kS + 4 * col4(r) : src, valid);
    }
    cp_async_commit();
    return {};
  }
  __device__ static void store(const AttentionProblem&, const Fetched&, float* pbig) {
    cp_async_wait<2>();  // P's group; V's two steps may still be in flight
    __syncthreads();     // every thread's copies of P have landed
    float4 x[kPerThread];
#pragma unroll
    for (int r = 0; r < kPerThread; ++r) x[r] = *reinterpret_cast<const float4*>(raw_row(pbig, row(r)) + 4 * col4(r));
#pragma unroll
    for (int r = 0; r < kPerThread; ++r)
      put_split_f16(pbig, pbig + wgmma_pv::kPFloats, Layout::offset_halves(row(r), 4 * col4(r)), x[r]);
  }
};

// pv_fp16_split's pipeline with P copied into shared memory ahead of V.
struct Recipe : pv_fp16_split::Recipe {
  using Pv = lean_pv_prologue::LeanPv<CopiedHalfSplitOfP>;
};

inline constexpr auto kPhase3 = &pv_pipeline::pv_kernel<Recipe::Pv>;

using Launches = early_triggers::RecipeLaunches<Recipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::p_by_async_copies
