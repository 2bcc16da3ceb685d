// sinusoidal v013 — v012 in one cooperative launch (attention v008).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v008_mma_one_launch.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v013 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v008::launch_with(p, v007::SinSplitPe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v013
