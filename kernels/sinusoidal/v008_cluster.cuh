// sinusoidal v008 — attention v003's one-launch cluster design with the PE
// added in shared memory as each Q/K tile lands (v007's hook: accurate
// sincosf, inv_freq as float2 from global). Each Q element gets its PE once,
// each K element once per 32-row query slice (twice at Sq = 64).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross supported.
#pragma once

#include "kernels/attention/v003_cluster.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v008 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v003::launch_with(p, v007::SinSplitPe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v008
