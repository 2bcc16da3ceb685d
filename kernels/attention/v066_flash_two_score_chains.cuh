// attention v066 — v065 with the score products split over two accumulators.
// A tile's 48 score products (m64n32k8, 16 tensor cycles each) all add into
// one accumulator in v054 - v065, so each waits for the one before it; at
// this small N a product's latency is longer than its issue slot, and one
// warpgroup's chain cannot keep the tensor cores busy. Here product n goes
// to accumulator n % 2: two independent chains, interleaved, added (16
// adds) once both are done.
// Limits: D = 128; any Sq, Sk; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v066 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v063::launch_with<true, true, true>(p, v002::NoPe{}, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v066
