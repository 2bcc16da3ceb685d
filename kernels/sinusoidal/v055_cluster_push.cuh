// sinusoidal v055 — attention v047 (v046 with the cluster reduction pushed
// and 16-block clusters of 4 warps first) with v016's PE in registers, as
// sinusoidal v054 adds it to v046.
// Limits: as v054. Other D run sinusoidal v041.
#pragma once

#include "kernels/attention/v047_cluster_push.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"
#include "kernels/sinusoidal/v041_direct_o_stores.cuh"

namespace fuselab::kernels::sinusoidal::v055 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v047::launch_or(p, v016::Pe{p.inv_freq}, workspace, stream, &v041::launch);
}

}  // namespace fuselab::kernels::sinusoidal::v055
