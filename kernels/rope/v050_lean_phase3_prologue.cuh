// rope v050 — v043 (one sin/cos evaluation for Q and K, neox rows spread
// over quarter-warps, on attention v032) on attention v039: phase 3's
// prologue leaner (V addresses stepped, P split by masking).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/lean_pv_prologue.cuh"
#include "kernels/rope/parts/shared_rotation_on.cuh"

namespace fuselab::kernels::rope::v050 {

inline constexpr auto& launch = shared_rotation_on::launch<attention::lean_pv_prologue::Launches>;

}  // namespace fuselab::kernels::rope::v050
