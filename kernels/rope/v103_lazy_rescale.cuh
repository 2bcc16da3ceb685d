// rope v103 — v102's rotation (K's in the pack, Q's as Q lands) on attention
// v086: the row maxima moved lazily.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v084_pack_beside_flash.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v103 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v084::launch_with<2, true>(p, pe, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v103
