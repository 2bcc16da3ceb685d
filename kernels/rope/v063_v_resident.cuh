// rope v063 — v050's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v051: V read into shared memory
// during phase 1, in one cooperative launch.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/v_resident.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v063 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::v_resident::Launches>;

}  // namespace fuselab::kernels::rope::v063
