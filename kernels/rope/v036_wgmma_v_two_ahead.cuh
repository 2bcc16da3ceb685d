// rope v036 — v033 (v018's rotation on attention v024, neox rows spread over
// quarter-warps) with attention v028's phase 3 (V two steps ahead).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v036 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v028::launch_with<std::decay_t<decltype(pe)>, attention::v020::SpreadRowQkSubTiles>(p, pe, workspace,
                                                                                                   stream);
  });
}

}  // namespace fuselab::kernels::rope::v036
