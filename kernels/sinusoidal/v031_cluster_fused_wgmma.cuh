// sinusoidal v031 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v025 (one launch, a cluster per head, both products on wgmma).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v025_cluster_fused_wgmma.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v031 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v025::launch_with(p, v017::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v031
