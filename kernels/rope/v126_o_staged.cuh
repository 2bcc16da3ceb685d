// rope v126 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v110: v103 with phase 3's O staged
// in shared memory and stored as float4 row pieces.
// Limits: as v099.
#pragma once

#include "kernels/attention/parts/o_staged.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v126 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::o_staged::Launches>;

}  // namespace fuselab::kernels::rope::v126
