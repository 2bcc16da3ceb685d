// rope v053 — attention v043's 16-warp two-row blocks with v017's rotation
// (reduced angle + __sincosf) in registers; neox pairs sit in one lane
// (RopeSplitPe::pair2), so neither pairing shuffles.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run rope v019).
#pragma once

#include "kernels/attention/v043_four_keys_per_warp.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v053 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v043::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v053
