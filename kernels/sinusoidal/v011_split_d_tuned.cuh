// sinusoidal v011 — v007 (split-D with the PE added as Q/K sub-tiles land)
// on attention v006's tuned phases: conflict-free full-sector loads,
// double-buffered tiles, operands one step ahead, programmatic dependent
// launch. Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v011 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v006::launch_with(p, v007::SinSplitPe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v011
