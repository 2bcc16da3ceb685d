// sinusoidal v069 — attention v060 (split head_dim in one plain launch, fp32
// FMA, scores summed at L2, a barrier per head) with v016's PE (reduced angle
// + __sincosf) added to each Q and K element once per query head, in
// registers, as its item leaves the ring.
// Limits: Sq, Sk <= 64, D % 64 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v060_ffma_head_barrier.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v069 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v060::launch_with(p, v016::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v069
