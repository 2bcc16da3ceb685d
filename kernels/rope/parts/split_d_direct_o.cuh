// Part split_d_direct_o, first built as rope v043:
// v042 (one sin/cos evaluation for Q and K on attention v030's
// phases, neox rows spread over quarter-warps) on attention v032: phase 3
// stores O straight from its accumulators.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/direct_o_stores.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::split_d_direct_o {

inline constexpr auto& launch = shared_rotation_on::launch<attention::direct_o_stores::Launches>;

}  // namespace fuselab::kernels::rope::split_d_direct_o
