// rope v123 — v060's rotation (one sin/cos evaluation for Q and K, neox rows
// spread over quarter-warps) on attention v107: v106 with each phase-3
// step's products begun as its first 32 keys of V land.
// Limits: as v099.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v107_products_by_key_halves.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v123 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    attention::v107::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v123
