// sinusoidal v053 — attention v045 (K and V by cp.async, the lane's
// frequencies loaded with Q) with v016's PE (reduced angle + __sincosf).
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v045_keys_in_shared.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v053 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v045::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v053
