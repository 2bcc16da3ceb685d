// Part split_d_reduced_sincos, first built as sinusoidal v017:
// v011 (split-D on attention v006's tuned phases, the PE
// added as Q/K sub-tiles land) with sin/cos of the angle reduced to [-pi, pi]
// and then the SFU's __sincosf (Sincos::kReduced, kernels/common/pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/sinusoidal/parts/split_d_pe.cuh"

namespace fuselab::kernels::sinusoidal::split_d_reduced_sincos {

using Pe = split_d_pe::SinPe<Sincos::kReduced>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::split_d_tuned::launch_with(p, Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::split_d_reduced_sincos
