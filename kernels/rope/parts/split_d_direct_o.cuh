// Part split_d_direct_o, first built as rope v043:
// v042 (one sin/cos evaluation for Q and K on attention v030's
// phases, neox rows spread over quarter-warps) on attention v032: phase 3
// stores O straight from its accumulators.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/direct_o_stores.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::split_d_direct_o {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::direct_o_stores::launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::split_d_direct_o
