// attention v076 — v073 with each block's query head and batch read from the
// grid (blockIdx.y = h, blockIdx.z = b) instead of divided out of one index:
// v073's place takes three runtime integer divisions (bh % Hq, bh / Hq and
// the GQA group), each ~20 instructions, in all 16 warps before K's and V's
// addresses exist. Here the KV head takes a division only under GQA. The
// kernel is otherwise v073's (q_once_kernel with kHeadsByGrid).
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/q_once_per_block.cuh"

namespace fuselab::kernels::attention::v076 {

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  keys_in_shared::launch_tile_kernel<Pe, &q_once_per_block::q_once_kernel<Pe, true>, true>(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v076
