// rope v119 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v103: v082 with phase 3's P
// fetched by cp.async ahead of V.
// Limits: as v099.
#pragma once

#include "kernels/attention/parts/p_by_async_copies.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v119 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::p_by_async_copies::Launches>;

}  // namespace fuselab::kernels::rope::v119
