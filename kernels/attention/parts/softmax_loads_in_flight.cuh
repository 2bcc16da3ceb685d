// Part softmax_loads_in_flight, first built as attention v029:
// v028 with phase 2's partial loads in flight together.
// ncu at D = 16384 (reports/device-logs/20261121T0824Z-ncu-issue-sin-phase1.txt):
// v014's softmax takes 6.4 us for 4.2 MB of partials at 15 cycles of
// long-scoreboard stall per instruction: a thread sums its 16 partials
// (chunks q, q + 4, ...) four loads at a time. Here it loads all 16 before it
// adds them, in the same order (the sums, and so P, are bit-identical).
// Phases 1 and 3: v028's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::softmax_loads_in_flight {

inline constexpr int kInFlight = 16;  // partials per thread at chunks <= 64

template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const split_d::Plan pl = split_d::make_plan<Pe::kPaired>(p);
  const split_d_register_tiles::Buffers buf = padded_split_layout::launch_partial_scores<Pe, Loader>(p, pe, pl, workspace, stream);
  split_d_row_softmax::launch_row_softmax<kInFlight>(p, buf.part, pl.chunks1, buf.P, stream);
  pv_pipeline::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return split_d_register_tiles::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  softmax_loads_in_flight::launch_with(p, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::softmax_loads_in_flight
