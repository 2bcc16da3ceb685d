// sinusoidal v086 — attention v073 (Q's rows loaded and given their PE once
// per block, K and V by cp.async) with v016's PE (reduced angle + __sincosf).
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v073_q_once_per_block.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v086 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v073::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v086
