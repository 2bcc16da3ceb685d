// rope v038 — v037 (v018's rotation on attention v029, neox rows spread over
// quarter-warps) on attention v030's phases: the 3xTF32 split by masking in
// phases 1 and 3.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v038 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v030::launch_with<std::decay_t<decltype(pe)>, attention::v020::SpreadRowQkSubTiles>(p, pe, workspace,
                                                                                                   stream);
  });
}

}  // namespace fuselab::kernels::rope::v038
