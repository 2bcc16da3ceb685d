// sinusoidal v054 — attention v046 (one launch, a cluster per head and 32
// query rows, operands loaded straight into mma fragments) with v016's PE
// (reduced angle + __sincosf) added in registers as Q and K land: each Q
// element once, each K element once per row group (twice at Sq = 64).
// Limits: attention v046's (Sq, Sk <= 64, D % 2048 == 0), positions < 2^17;
// causal, GQA, cross. Other D run sinusoidal v041.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/cluster_registers.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/parts/head_tile_reduced_sincos.cuh"
#include "kernels/sinusoidal/parts/split_d_direct_o.cuh"

namespace fuselab::kernels::sinusoidal::v054 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::cluster_registers::launch_or(p, head_tile_reduced_sincos::Pe{p.inv_freq}, workspace, stream, &split_d_direct_o::launch);
}

}  // namespace fuselab::kernels::sinusoidal::v054
