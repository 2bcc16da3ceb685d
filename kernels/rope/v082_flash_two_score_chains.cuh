// rope v082 — v081's rotation (K's in the pack, Q's as Q lands) on attention
// v066: the score products over two accumulators.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v082 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v063::launch_with<true, true, true>(p, pe, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v082
