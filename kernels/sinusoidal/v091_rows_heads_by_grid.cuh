// sinusoidal v091 — v050 (attention v041's two-row blocks with v016's PE in
// registers) with each block's head and batch read from the grid (attention
// v077).
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE).
#pragma once

#include "kernels/attention/v077_rows_heads_by_grid.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v091 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v077::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v091
