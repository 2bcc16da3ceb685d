// sinusoidal v051 — attention v043's 16-warp two-row blocks with v016's PE
// (reduced angle + __sincosf) added to Q and K in registers.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v043_four_keys_per_warp.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v051 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v043::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v051
