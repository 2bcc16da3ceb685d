// rope v100 — v082's rotation (K's in the pack, Q's as Q lands) on attention
// v083: every product on fp16 parts.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v083_flash_fp16_split.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v100 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v083::launch_with(p, pe, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v100
