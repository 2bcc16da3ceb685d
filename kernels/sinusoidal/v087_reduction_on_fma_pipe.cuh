// sinusoidal v087 — v086 (attention v073: Q loaded and given its PE once per
// block) with the angle's turn count rounded by two adds on the FMA pipe
// instead of rintf (Sincos::kReducedFma): the same values as v016's PE.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE).
#pragma once

#include "kernels/attention/v073_q_once_per_block.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v087 {

using Pe = v007::SinPe<Sincos::kReducedFma>;

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v073::launch_with(p, Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v087
