// sinusoidal v100 — v099's PE (K's in the pack, Q's as Q lands) on attention
// v086: the row maxima moved lazily.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/pack_beside_flash.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/parts/head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v100 {

using Steps = attention::pack_beside_flash::LazyRescaleSteps;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const head_tile_reduced_sincos::Pe pe{p.inv_freq};
  attention::pack_beside_flash::launch_with<Steps>(p, pe, pe, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v100
