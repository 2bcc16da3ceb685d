// Part head_tile_reduced_sincos, first built as sinusoidal v016:
// v010 (attention v005's 4-row head tile, the PE added in
// shared memory) with sin/cos of the angle reduced to [-pi, pi] and then the
// SFU's __sincosf (Sincos::kReduced, kernels/common/pe.cuh) instead of the
// accurate sincosf. Every block adds the PE to all 64 K rows of its head, so
// the sin/cos cost is paid 16 times per K element at Sq = 64.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/parts/head_tile_4rows.cuh"
#include "kernels/sinusoidal/parts/split_d_pe.cuh"

namespace fuselab::kernels::sinusoidal::head_tile_reduced_sincos {

using Pe = split_d_pe::SinPe<Sincos::kReduced>;

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::head_tile::launch_with<attention::head_tile_4rows::kRows>(p, Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::head_tile_reduced_sincos
