// Part pv_fp16_split, first built as attention v082:
// v081 (phase 1 on 3xFP16) with phase 3's products on
// 3xFP16 too. Timed alone, v050's phase 3 runs ~6 us over the fastest
// pattern that moves its bytes at D = 16384 (probe split_d_pv_traffic, call
// 0726Z of 2026-11-26). Unlike phase 1, whose sub-tile products overlap its
// next sub-tile's reads (v081 gained nothing), phase 3's products wait for P
// and then run with V already landed (v050 puts V in flight before phase 2
// ends): on the chain's last stretch.
//   phase 3: v050's, P split into fp16 big and small parts (HalfDense64:
//            DenseCores64's byte geometry, 16 keys a k-step) and V^T's A
//            fragments as fp16 pairs (PvSteps::products_f16): 12 products a
//            128-dim step instead of 24;
//   phases 1 and 2: v081's.
// Limits: as phase1_fp16_split; V and P also within fp16's range (P is in [0, 1]). A
// build for sm_90a.
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
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_f16.cuh"

namespace fuselab::kernels::attention::pv_fp16_split {

using split_d::kS;

// DenseCores64's strides, for fp16 parts: a k-step of 16 keys is 2 KB.
using HalfDense64 = HalfCoreLayout<512, 64, 32>;

// Phase 3's P source (v028's PSource interface): P read through L2 (v050)
// and split into fp16 big and small parts, kPFloats floats apart.
struct CoherentHalfSplitOfP {
  static constexpr bool kHalves = true;
  using Layout = HalfDense64;
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    const float* src = P + std::size_t(bh) * kS * kS;
#pragma unroll
    for (int r = 0; r < kS * kS / 4 / split_d::kThreads; ++r) {
      const int e = threadIdx.x + split_d::kThreads * r, i = e & 63, j4 = e >> 6;
      const float4 x = i < p.Sq ? wgmma_pv::ld4_maybe_coherent<true>(src + i * kS + 4 * j4) : zero4();
      put_split_f16(pbig, pbig + wgmma_pv::kPFloats, Layout::offset_halves(i, 4 * j4), x);
    }
  }
};

// phase1_fp16_split's pipeline with phase 3's P in fp16 parts too.
struct Recipe : phase1_fp16_split::Recipe {
  using Pv = lean_pv_prologue::LeanPv<CoherentHalfSplitOfP>;
};

inline constexpr auto kPhase3 = &pv_pipeline::pv_kernel<Recipe::Pv>;

using Launches = early_triggers::RecipeLaunches<Recipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::pv_fp16_split
