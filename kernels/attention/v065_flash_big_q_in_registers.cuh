// attention v065 — v064 with Q's parts swapped: the big part in the A-fragment
// registers, the small part in shared memory. Of a k-step's three score
// products (m64n32k8), v054 - v064 read A (Q big, 2 KB) from shared memory
// in two and B (1 KB) in all three: 7 KB a warpgroup against 48 tensor
// cycles, more than shared memory's 128 bytes a cycle. With Q big in
// registers two products read only B: 5 KB.
// Limits: D = 128; any Sq, Sk; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v065 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v063::launch_with<true, true>(p, v002::NoPe{}, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v065
