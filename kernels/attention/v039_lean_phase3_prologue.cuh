// attention v039 — v032 with a leaner phase-3 prologue. The SASS of v032's
// phase 3 (reports/device-logs/20261121T1106Z-sass-pv-v032-histogram.txt)
// holds 873 instructions (static) before the first step and 507 in the
// step loop; at D = 16384 a block runs two steps and ncu counts ~1650
// instructions per warp, so the prologue is a large share. It is mostly
// V's cp.async addresses (each piece's 64-bit address formed anew, ~12
// instructions) and P's rounded split (cvt.rna, four instructions each).
//   V: PvSteps::load_lean, one row pointer per thread stepping 8 keys;
//   P: split by masking (v019::store_p_split<kMask>), as v030 splits V.
// Phases 1 and 2: v032's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v039 {

// Phase 3's P source (v028::SplitOfP's interface): P split by masking.
struct MaskedSplitOfP {
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    v019::store_p_split<Tf32Split::kMask>(P + std::size_t(bh) * v002::kS * v002::kS, p.Sq, pbig);
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, MaskedSplitOfP, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v030::launch_with<Pe, Loader, true, false, false, MaskedSplitOfP, true>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v030::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v039::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v039
