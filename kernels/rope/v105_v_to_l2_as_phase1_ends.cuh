// rope v105 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v089: V sent to L2 by phase 1's
// blocks as they end.
// Limits: as v099.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v089_v_to_l2_as_phase1_ends.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v105 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v089::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v105
