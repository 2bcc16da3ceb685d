// rope v057 — attention v047 (v046 with the cluster reduction pushed and
// 16-block clusters of 4 warps first) with v017's rotation in registers, as
// rope v056 adds it to v046.
// Limits: as v056. Other D run rope v043.
#pragma once

#include "kernels/attention/v047_cluster_push.cuh"
#include "kernels/rope/v008_split_d.cuh"
#include "kernels/rope/v043_direct_o_stores.cuh"

namespace fuselab::kernels::rope::v057 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(
      p, [&](const auto& pe) { attention::v047::launch_or(p, pe, workspace, stream, &v043::launch); });
}

}  // namespace fuselab::kernels::rope::v057
