// rope v086 — attention v070 (4 query rows per block, 32 warps of 2 keys, 64
// blocks at 1x4x64x128) with v017's rotation (reduced angle + __sincosf),
// neox pairs read back into one lane, as in v055.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run rope v019).
#pragma once

#include "kernels/attention/v070_four_rows_32_warps.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v086 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v070::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v086
