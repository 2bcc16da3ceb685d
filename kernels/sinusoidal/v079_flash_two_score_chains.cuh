// sinusoidal v079 — v078's PE (K's in the pack, Q's as Q lands) on attention
// v066: the score products over two accumulators.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v079 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const v016::Pe pe{p.inv_freq};
  attention::v063::launch_with<true, true, true>(p, pe, pe, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v079
