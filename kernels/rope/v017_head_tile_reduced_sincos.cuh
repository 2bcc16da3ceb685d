// rope v017 — v011 (attention v005's 4-row head tile, Q and K rotated in
// shared memory) with sin/cos of the angle reduced to [-pi, pi] and then the
// SFU's __sincosf (Sincos::kReduced, kernels/common/pe.cuh) instead of the
// accurate sincosf. Every block rotates all 64 K rows of its head, so the
// sin/cos cost is paid 16 times per K element at Sq = 64.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v005_head_tile_4rows.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v017 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  constexpr int kRows = attention::v005::kRows;
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v004::launch_with<kRows>(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v017
