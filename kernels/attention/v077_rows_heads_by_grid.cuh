// attention v077 — v041 (two query rows a block, K in registers, 8 warps of
// 8 keys) with each block's query head and batch read from the grid, as
// attention v076 does for v073: no integer division before K's and V's
// addresses unless GQA (rows_kernel with kHeadsByGrid).
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v041_rows_in_registers.cuh"

namespace fuselab::kernels::attention::v077 {

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  v041::launch_with<v041::kRowsV041, Pe, true>(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v077
