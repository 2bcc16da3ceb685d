// rope v050 — v043 (one sin/cos evaluation for Q and K, neox rows spread
// over quarter-warps, on attention v032) on attention v039: phase 3's
// prologue leaner (V addresses stepped, P split by masking).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>

#include "kernels/attention/parts/lean_pv_prologue.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v050 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::lean_pv_prologue::launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v050
