// rope v054 — attention v044 (v043's kernel at 8 warps of 8 keys) with v017's
// rotation (reduced angle + __sincosf) in registers, neox pairs in one lane.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run rope v019).
#pragma once

#include "kernels/attention/v043_four_keys_per_warp.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v054 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v043::launch_with<attention::v043::kWarpsV044>(p, pe, stream);
  });
}

}  // namespace fuselab::kernels::rope::v054
