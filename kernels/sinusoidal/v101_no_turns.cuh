// sinusoidal v101 — v100's PE (K's in the pack, Q's as Q lands) on attention
// v088: no turns between the warpgroups.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v084_pack_beside_flash.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v101 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const v016::Pe pe{p.inv_freq};
  attention::v084::launch_with<2, true, false, false>(p, pe, pe, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v101
