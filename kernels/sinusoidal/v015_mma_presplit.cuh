// sinusoidal v015 — v007's PE hook on attention v010 (one cooperative launch,
// interleaved tiles, operands split once per element in fragment order; the
// PE applied in that split pass).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v010_mma_presplit.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v015 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v010::launch_with(p, v007::SinSplitPe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v015
