// rope v062 — the study's hybrid on the fused line's own attention: K is
// rotated once by v000's rotation pass (K only) into workspace; attention
// v039's phase 1 rotates Q as its sub-tiles land (rope v050's hook, reduced
// sin/cos) and reads the rotated K as it is. Against rope v061 (both passes
// separate) it saves the Q pass; against rope v050 (both fused) it adds the
// K pass.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), query positions
// < 2^17 (reduced sin/cos; K's rotation is accurate); causal, GQA, cross; a
// build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/q_only_hook.cuh"
#include "kernels/rope/v000_separate.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v062 {

// The rotated K first, attention v039's buffers after it.
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return v000::k_bytes(p) + attention::v039::workspace_bytes(p);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const AttentionProblem p2 = v000::k_rotated(p, workspace, stream);
  void* rest = static_cast<char*>(workspace) + v000::k_bytes(p);
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QOnly<std::decay_t<decltype(pe)>>;
    attention::v039::launch_with<Pe, attention::v020::SpreadRowQkSubTiles>(p2, Pe{pe}, rest, stream);
  });
}

}  // namespace fuselab::kernels::rope::v062
