// sinusoidal v056 — attention v048 (v047 at two warps per scheduler: 8-warp
// blocks at 128 registers, each warp half the keys) with v016's PE in
// registers, as sinusoidal v054 adds it to v046.
// Limits: attention v048's, positions < 2^17. Other shapes run sinusoidal v041.
#pragma once

#include "kernels/attention/v048_two_warps_per_scheduler.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"
#include "kernels/sinusoidal/v041_direct_o_stores.cuh"

namespace fuselab::kernels::sinusoidal::v056 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v048::launch_or(p, v016::Pe{p.inv_freq}, workspace, stream, &v041::launch);
}

}  // namespace fuselab::kernels::sinusoidal::v056
