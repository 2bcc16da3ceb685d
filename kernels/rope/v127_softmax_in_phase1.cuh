// rope v127 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v111: v103 in two launches, phase
// 1's blocks taking the softmax rows after a barrier per head.
// Limits: as v099.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>

#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/softmax_in_phase1.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v127 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::softmax_in_phase1::launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v127
