// rope v066 — attention v054's flash kernel (128 query rows a block, K and
// V streamed once in 32-key tiles, 3xTF32 wgmma) with v017's rotation
// (reduced angle + __sincosf) applied to Q as it lands and to each K tile as
// it is split; a thread holds dims i..i+3 and i+64..i+67 of a row, so neox
// pairs rotate in registers. A K element is rotated Sq / 128 times (8 at
// Sq = 1024).
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v066 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v054::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v066
