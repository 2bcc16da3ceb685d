// rope v103 — v102's rotation (K's in the pack, Q's as Q lands) on attention
// v086: the row maxima moved lazily.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/pack_beside_flash.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v103 {

using Steps = attention::pack_beside_flash::LazyRescaleSteps;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::pack_beside_flash::launch_with<Steps>(p, pe, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v103
