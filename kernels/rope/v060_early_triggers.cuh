// rope v060 — v050 (one sin/cos evaluation for Q and K, neox rows spread
// over quarter-warps, on attention v039) on attention v050: phases 1 and 2
// let the next launch start as their blocks begin.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v060 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::early_triggers::Launches>;

}  // namespace fuselab::kernels::rope::v060
