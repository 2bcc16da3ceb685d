// attention v001's one-block-per-query-row kernel as the sinusoidal and rope
// versions built on it register it: its limits for each PE kind and its
// instantiations by name of shape.
#pragma once

#include "experiments/common/limits.h"
#include "harness/core/experiment.h"
#include "kernels/attention/parts/row_online_softmax.cuh"

namespace fuselab::experiments {

// The row kernel's limits with the sinusoidal PE (float4s: D % 4 == 0).
inline Limits sinusoidal_row_kernel_limits() { return row_kernel_limits({PeKind::Sinusoidal}, 4); }

// The row kernel's limits with either RoPE pairing (neox pairs need D % 8).
inline Limits rope_row_kernel_limits(int max_head_dim = 16384) {
  return row_kernel_limits({PeKind::RopeInterleaved, PeKind::RopeNeox}, 8, max_head_dim);
}

// One query row a block of 256 threads, 2 float4s of V a thread (the *_nv2 kernels), hook Pe.
template <class Pe>
const void* row_kernel_nv2() {
  return (const void*)&kernels::attention::row_online_softmax::row_kernel<2, 1, 256, Pe>;
}

// Four query rows a block of 512 threads, NV float4s of V a thread; K staged in
// shared memory if kStageK.
template <int NV, class Pe, bool kStageK = false>
const void* four_rows_kernel() {
  return (const void*)&kernels::attention::row_online_softmax::row_kernel<NV, 4, 512, Pe, kStageK>;
}

}  // namespace fuselab::experiments
