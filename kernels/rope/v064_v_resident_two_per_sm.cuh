// rope v064 — v050's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v052: V's first step resident from
// the start, its second loaded after phase 1, two blocks per SM, one
// cooperative launch.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v052_v_resident_two_per_sm.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v064 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v052::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v064
