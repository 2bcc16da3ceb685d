// rope v080 — v079's rotation (K's in the pack, Q's as Q lands) on attention
// v064: the packed flash kernel with its warpgroups taking turns on the
// tensor cores.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v080 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v063::launch_with<true>(p, pe, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v080
