// rope v041 — v040 (v018's rotation on attention v031's TMA phase 1, inv_freq
// in L1 first) with one sin/cos evaluation for the Q and K float4s a thread
// holds at the same (row, dims) when q_offset == k_offset (QkShared,
// kernels/common/qk_shared_pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v031_tma_mask_split.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v041 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<FreqInL1<std::decay_t<decltype(pe)>>>;
    attention::v031::launch_with(p, Pe{{pe}}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v041
