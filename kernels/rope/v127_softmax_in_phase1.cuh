// rope v127 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v111: v103 in two launches, phase
// 1's blocks taking the softmax rows after a barrier per head.
// Limits: as v099.
#pragma once

#include "kernels/attention/parts/softmax_in_phase1.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v127 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::softmax_in_phase1::Launches>;

}  // namespace fuselab::kernels::rope::v127
