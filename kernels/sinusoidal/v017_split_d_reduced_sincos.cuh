// sinusoidal v017 — v011 (split-D on attention v006's tuned phases, the PE
// added as Q/K sub-tiles land) with sin/cos of the angle reduced to [-pi, pi]
// and then the SFU's __sincosf (Sincos::kReduced, kernels/common/pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v017 {

using Pe = v007::SinPe<Sincos::kReduced>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v006::launch_with(p, Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v017
