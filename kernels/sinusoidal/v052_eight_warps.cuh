// sinusoidal v052 — attention v044 (v043's kernel at 8 warps of 8 keys) with
// v016's PE (reduced angle + __sincosf) added to Q and K in registers.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v043_four_keys_per_warp.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v052 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v043::launch_with<attention::v043::kWarpsV044>(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v052
