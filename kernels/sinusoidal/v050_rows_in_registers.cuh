// sinusoidal v050 — attention v041's two-row blocks (K and V in registers)
// with v016's PE (reduced angle + __sincosf) added to Q and K in registers.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v041_rows_in_registers.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v050 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v041::launch_with<attention::v041::kRowsV041>(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v050
