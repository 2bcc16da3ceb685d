// sinusoidal v083 — attention v070 (4 query rows per block, 32 warps of 2
// keys, 64 blocks at 1x4x64x128) with v016's PE (reduced angle +
// __sincosf), added in registers as in v053.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v070_four_rows_32_warps.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v083 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v070::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v083
