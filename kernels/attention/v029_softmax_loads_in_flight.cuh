// attention v029 — v028 with phase 2's partial loads in flight together.
// ncu at D = 16384 (reports/device-logs/20261121T0824Z-ncu-issue-sin-phase1.txt):
// v014's softmax takes 6.4 us for 4.2 MB of partials at 15 cycles of
// long-scoreboard stall per instruction: a thread sums its 16 partials
// (chunks q, q + 4, ...) four loads at a time. Here it loads all 16 before it
// adds them, in the same order (the sums, and so P, are bit-identical).
// Phases 1 and 3: v028's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v029 {

inline constexpr int kInFlight = 16;  // partials per thread at chunks <= 64

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = v022::launch_partial_scores<Pe, Loader>(p, pe, pl, workspace, stream);
  v014::launch_row_softmax<kInFlight>(p, buf.part, pl.chunks1, buf.P, stream);
  v028::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v029::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v029
