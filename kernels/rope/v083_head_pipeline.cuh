// rope v083 — v050's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v067: the split-D phases
// overlapped across heads by one queue of items in one plain launch.
// kStatic: attention v068's schedule (rope v084).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v067_head_pipeline.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v083 {

template <bool kStatic>
inline void launch_scheduled(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v067::launch_with<Pe, attention::v020::SpreadRowQkSubTiles, kStatic>(p, Pe{pe}, workspace, stream);
  });
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_scheduled<false>(p, workspace, stream);
}

}  // namespace fuselab::kernels::rope::v083
