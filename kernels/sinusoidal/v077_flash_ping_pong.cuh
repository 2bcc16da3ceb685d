// sinusoidal v077 — v076's PE (K's in the pack, Q's as Q lands) on attention
// v064: the packed flash kernel with its warpgroups taking turns on the
// tensor cores.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v077 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const v016::Pe pe{p.inv_freq};
  attention::v063::launch_with<true>(p, pe, pe, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v077
