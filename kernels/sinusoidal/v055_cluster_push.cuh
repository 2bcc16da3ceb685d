// sinusoidal v055 — attention v047 (v046 with the cluster reduction pushed
// and 16-block clusters of 4 warps first) with v016's PE in registers, as
// sinusoidal v054 adds it to v046.
// Limits: as v054. Other D run sinusoidal v041.
#pragma once

#include "kernels/attention/parts/cluster_push.cuh"
#include "kernels/sinusoidal/parts/head_tile_reduced_sincos.cuh"
#include "kernels/sinusoidal/parts/split_d_direct_o.cuh"

namespace fuselab::kernels::sinusoidal::v055 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::cluster_push::launch_or(p, head_tile_reduced_sincos::Pe{p.inv_freq}, workspace, stream, &split_d_direct_o::launch);
}

}  // namespace fuselab::kernels::sinusoidal::v055
