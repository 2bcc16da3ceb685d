// sinusoidal v097 — v079's PE (K's in the pack, Q's as Q lands) on attention
// v083: every product on fp16 parts.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v083_flash_fp16_split.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v097 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const v016::Pe pe{p.inv_freq};
  attention::v083::launch_with(p, pe, pe, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v097
