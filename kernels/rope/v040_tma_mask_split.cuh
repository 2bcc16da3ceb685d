// rope v040 — v018's rotation (reduced __sincosf) on attention v031 (TMA
// phase 1, masked split), each block's inv_freq range pulled into L1 first
// (FreqInL1). Neox lands the low and high 16 dims of a sub-tile as two boxes.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v031_tma_mask_split.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v040 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = FreqInL1<std::decay_t<decltype(pe)>>;
    attention::v031::launch_with(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v040
