// rope v067 — v066's rotation (v017's reduced angle + __sincosf) on
// attention v055: the next tile's K (rotation included) and V converted
// while the tensor cores work on the current one.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v067 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v054::launch_with<true>(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v067
