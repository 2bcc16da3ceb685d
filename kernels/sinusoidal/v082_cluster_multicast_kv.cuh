// sinusoidal v082 — attention v069 (K and V by multicast over clusters of 8
// blocks of a head) with v016's PE (reduced angle + __sincosf), added in
// registers as in v053.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run sinusoidal v018).
#pragma once

#include "kernels/attention/v069_cluster_multicast_kv.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v082 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v069::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v082
