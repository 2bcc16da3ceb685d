// attention v021 — v019 (phases 1 and 3 on wgmma) with V brought into L2
// during phase 1: each phase-1 block first bulk-prefetches the V rows of its
// dims (cp.async.bulk.prefetch.L2), and Q and K are read evict-first so that
// those lines are not their victims (v011 measured that policy cutting v008's
// DRAM reads from 62 to 51 MB at D = 16384). Phase 1 loads one sub-tile ahead
// (v018's two did not help). From v017/v019's ncu profiles: phase 1 runs at
// 40 % of DRAM peak, so it has room for V's 16.7 MB (at D = 16384), and phase
// 3 would then read V from L2 and only write O to DRAM. (ncu flushes the
// caches between kernels, so only the cold timing can show this.)
// Phase 2: v014's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v021 {

template <class Pe>
using EvictFirstQkSubTiles = v006::QkSubTiles<Pe, true>;

inline constexpr bool kPrefetchV = true;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf =
      v017::launch_partial_scores<Pe, 1, EvictFirstQkSubTiles, kPrefetchV>(p, pe, pl, workspace, stream);
  v014::launch_row_softmax(p, buf.part, pl.chunks1, buf.P, stream);
  v019::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v021::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v021
