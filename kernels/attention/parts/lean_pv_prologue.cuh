// Part lean_pv_prologue, first built as attention v039:
// v032 with a leaner phase-3 prologue. The SASS of v032's
// phase 3 (reports/device-logs/20261121T1106Z-sass-pv-v032-histogram.txt)
// holds 873 instructions (static) before the first step and 507 in the
// step loop; at D = 16384 a block runs two steps and ncu counts ~1650
// instructions per warp, so the prologue is a large share. It is mostly
// V's cp.async addresses (each piece's 64-bit address formed anew, ~12
// instructions) and P's rounded split (cvt.rna, four instructions each).
//   V: PvSteps::load_lean, one row pointer per thread stepping 8 keys;
//   P: split by masking (wgmma_pv::store_p_split<kMask>), as v030 splits V.
// Phases 1 and 2: v032's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::lean_pv_prologue {

// Phase 3's P source (pv_pipeline::SplitOfP's interface): P split by masking.
struct MaskedSplitOfP {
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    wgmma_pv::store_p_split<Tf32Split::kMask>(P + std::size_t(bh) * split_d::kS * split_d::kS, p.Sq, pbig);
  }
};

// Phase 3 as the split-D line runs it from here on: V split by masking, O
// stored from the accumulators, V's addresses stepped (load_lean), P from
// Source; LeanStagedOPv stages O in shared memory instead (v110).
template <class Source>
struct LeanPv : tf32_mask_split::MaskedDirectOPv {
  using PSource = Source;
  static constexpr bool kLeanLoads = true;
};
template <class Source>
struct LeanStagedOPv : LeanPv<Source> {
  static constexpr bool kDirectO = false;
};

inline constexpr auto kPhase3 = &pv_pipeline::pv_kernel<LeanPv<MaskedSplitOfP>>;

using Launches = tf32_mask_split::PvLaunches<LeanPv<MaskedSplitOfP>>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::lean_pv_prologue
