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

using Launches = split_d_row_softmax::ThreeLaunches<&padded_split_layout::launch_partial_scores<split_d::NoPe, row_loader::RowQkSubTiles>, &pv_pipeline::launch_pv<>, kInFlight>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::softmax_loads_in_flight
