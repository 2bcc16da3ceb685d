// rope v039 — v037 (v018's rotation on attention v029, neox rows spread over
// quarter-warps) with each phase-1 block pulling its inv_freq range into L1
// first (FreqInL1, kernels/common/freq_prefetch.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v039 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = FreqInL1<std::decay_t<decltype(pe)>>;
    attention::v029::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v039
