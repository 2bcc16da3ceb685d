// rope v121 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v105: v103 (P by cp.async ahead
// of V) with v089's phase 1 (V sent to L2).
// Limits: as v099.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>

#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/v_to_l2_p_by_copies.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v121 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v_to_l2_p_by_copies::Launches::launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v121
