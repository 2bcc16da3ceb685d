// sinusoidal v064 — v063's PE (v016's reduced angle + __sincosf) on attention
// v055: the next tile's K (PE included) and V converted while the tensor
// cores work on the current one.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v064 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v054::launch_with<true>(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v064
