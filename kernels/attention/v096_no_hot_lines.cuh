// attention v096 — v093 (phase 2's softmax taken by phase 3's blocks) with
// no line of its handover read by a whole head. v093's timeline at
// 1x4x64x16384 (call 1358Z of 2026-11-26): its blocks stored their rows of
// P by 26.9 us, passed the head barrier only at 30.6-31.3, and had P in
// shared memory at 32.8-34.1. The four heads' barrier words share one
// 128-byte line, which all 256 blocks add to and poll; and each head's 16 KB
// of P is read by its 64 blocks. v094's timeline (call 1407Z) showed the
// second alone: blocks that loaded P with no V of their own in flight still
// took 2.4-9.5 us for it.
//   head barrier: each head's word on its own 128-byte line;
//   P: stored into 16 copies (thread q of a score stores copies q, q + 4,
//      ...: v014::store_row_softmax), block x of a head reading copy x % 16,
//      so that 4 blocks share a line instead of 64.
// Phase 1: v082's. Workspace: v093's head words, 128 bytes apart, then the
// 16 copies of P. Limits: as v093. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v093_softmax_in_phase3.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v096 {

using Source = v093::SoftmaxRowsThenPOf<32, 16>;

inline constexpr auto kPhase3 = v093::kPhase3Of<Source>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v093::launch_with<Pe, Loader, v050::TriggeredPartialsOut, Source>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return Source::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v096::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v096
