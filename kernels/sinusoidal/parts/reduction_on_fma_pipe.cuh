// Part reduction_on_fma_pipe, first built as sinusoidal v087:
// v086 (attention v073: Q loaded and given its PE once per
// block) with the angle's turn count rounded by two adds on the FMA pipe
// instead of rintf (Sincos::kReducedFma): the same values as v016's PE.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE).
#pragma once

#include "kernels/attention/parts/q_once_per_block.cuh"
#include "kernels/sinusoidal/parts/split_d_pe.cuh"

namespace fuselab::kernels::sinusoidal::reduction_on_fma_pipe {

using Pe = split_d_pe::SinPe<Sincos::kReducedFma>;

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::q_once_per_block::launch_with(p, Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::reduction_on_fma_pipe
