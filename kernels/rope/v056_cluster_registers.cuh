// rope v056 — attention v046 (one launch, a cluster per head and 32 query
// rows, operands loaded straight into mma fragments) with v017's rotation
// (reduced angle + __sincosf) in registers as Q and K land. A neox lane
// holds dims i..i+3 and their partners i+D/2.. (v046's paired steps), so
// neither pairing shuffles. Each Q element is rotated once, each K element
// once per row group (twice at Sq = 64).
// Limits: attention v046's (Sq, Sk <= 64, D % 2048 == 0), positions < 2^17;
// causal, GQA, cross. Other D run rope v043.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/cluster_registers.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/parts/split_d_direct_o.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v056 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReduced>(
      p, [&](const auto& pe) { attention::cluster_registers::launch_or(p, pe, workspace, stream, &split_d_direct_o::launch); });
}

}  // namespace fuselab::kernels::rope::v056
