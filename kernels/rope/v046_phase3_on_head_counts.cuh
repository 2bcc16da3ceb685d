// rope v046 — v045 (v043's rotation on attention v034) on attention v035:
// phase 3 launched as phase 1 begins, each block waiting on its head's count.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v035_phase3_on_head_counts.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v046 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v035::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v046
