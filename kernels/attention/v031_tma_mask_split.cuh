// attention v031 — v030's phases (masked 3xTF32 split; phase 2's loads in
// flight; phase 3 with V two steps ahead) with v027's phase 1: Q and K
// sub-tiles landed by TMA into a 4-stage ring, split where they land, here
// by masking. PE hooks with begin() (FreqInL1) pull the block's inv_freq
// range into L1 first: on v027's critical path each sub-tile's frequency
// load was the largest stall (reports/device-logs/20261121T0834Z-sass-tma-sin-v033.txt).
// Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v027_wgmma_tma_tiles.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v031 {

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = v027::launch_partial_scores<Pe, v030::kSplit>(p, pe, pl, workspace, stream);
  v014::launch_row_softmax<v029::kInFlight>(p, buf.part, pl.chunks1, buf.P, stream);
  v028::launch_pv<v030::kSplit>(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v031::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v031
