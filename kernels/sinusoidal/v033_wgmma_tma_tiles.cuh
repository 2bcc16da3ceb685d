// sinusoidal v033 — v017's PE (reduced __sincosf) on attention v027's phases:
// the PE is added to each float4 of a TMA-landed stage before its split.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v027_wgmma_tma_tiles.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v033 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v027::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v033
