// sinusoidal v027 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v021's phases (wgmma phases 1 and 3, V prefetched into L2
// during phase 1, Q and K read evict-first).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v021_wgmma_v_in_l2.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v027 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v021::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v027
