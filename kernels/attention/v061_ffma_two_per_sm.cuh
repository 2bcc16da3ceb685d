// attention v061 — v060 with 32-dim V items (a 4x2 tile of O per thread), so
// a block's dims are a multiple of 32 and twice the blocks run where v060's
// grid left half the block slots empty (D = 512 and 2048: 64 and 256 blocks,
// against 32 and 128).
// Limits: Sq, Sk <= 64, D % 32 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v060_ffma_head_barrier.cuh"

namespace fuselab::kernels::attention::v061 {

inline constexpr int kVDims = 32;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v060::launch_with<kVDims>(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v061
