// rope v121 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v105: v103 (P by cp.async ahead
// of V) with v089's phase 1 (V sent to L2).
// Limits: as v099.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v105_v_to_l2_p_by_copies.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v121 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v105::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v121
