// rope v099 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v082: phases 1 and 3 on 3xFP16.
// Limits: as v098.
#pragma once

#include "kernels/attention/parts/pv_fp16_split.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v099 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::pv_fp16_split::Launches>;

}  // namespace fuselab::kernels::rope::v099
