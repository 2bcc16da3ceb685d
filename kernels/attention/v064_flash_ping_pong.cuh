// attention v064 — v063 with its two warpgroups taking turns on the tensor
// cores. In v063 they run in step: both issue their scores at once, the
// tensor cores run both, then both take their softmax while the tensor
// cores wait. Here a warpgroup waits for its turn (a named barrier the
// other one arrives on) before it issues each product, and hands the turn
// over once it has issued: the order on the tensor cores becomes 0's
// scores, 1's scores, 0's P V, 1's P V, so each warpgroup's softmax runs
// while the other's scores, or P V, are on the tensor cores.
// Limits: D = 128; any Sq, Sk; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v064 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v063::launch_with<true>(p, v002::NoPe{}, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v064
