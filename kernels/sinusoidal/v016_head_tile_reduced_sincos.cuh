// sinusoidal v016 — v010 (attention v005's 4-row head tile, the PE added in
// shared memory) with sin/cos of the angle reduced to [-pi, pi] and then the
// SFU's __sincosf (Sincos::kReduced, kernels/common/pe.cuh) instead of the
// accurate sincosf. Every block adds the PE to all 64 K rows of its head, so
// the sin/cos cost is paid 16 times per K element at Sq = 64.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v005_head_tile_4rows.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v016 {

using Pe = v007::SinPe<Sincos::kReduced>;

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v004::launch_with<attention::v005::kRows>(p, Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v016
