// sinusoidal v068 — v063's PE (v016's reduced angle + __sincosf) on attention
// v059: v058's flash kernel with the next raw tile waited for behind the
// score products.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v068 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v054::launch_with<true, true, true, true>(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v068
