// rope v033 — v031 (v018's rotation on attention v024's phases) with the
// paired rows of each warp spread over its quarter-warps
// (v020::SpreadRowQkSubTiles), so the neox split stores into v022's padded
// cores are conflict-free. Interleaved runs the unpaired loader, unchanged.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v033 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v024::launch_with<std::decay_t<decltype(pe)>, attention::v020::SpreadRowQkSubTiles>(p, pe, workspace,
                                                                                                   stream);
  });
}

}  // namespace fuselab::kernels::rope::v033
