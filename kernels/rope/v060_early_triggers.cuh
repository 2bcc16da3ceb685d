// rope v060 — v050 (one sin/cos evaluation for Q and K, neox rows spread
// over quarter-warps, on attention v039) on attention v050: phases 1 and 2
// let the next launch start as their blocks begin.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>

#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v060 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::early_triggers::Launches::launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v060
