// rope v121 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v105: v103 (P by cp.async ahead
// of V) with v089's phase 1 (V sent to L2).
// Limits: as v099.
#pragma once

#include "kernels/attention/parts/v_to_l2_p_by_copies.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v121 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::v_to_l2_p_by_copies::Launches>;

}  // namespace fuselab::kernels::rope::v121
