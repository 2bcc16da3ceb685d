// rope v058 — attention v048 (v047 at two warps per scheduler: 8-warp blocks
// at 128 registers, each warp half the keys) with v017's rotation in
// registers, as rope v056 adds it to v046.
// Limits: attention v048's, positions < 2^17. Other shapes run rope v043.
#pragma once

#include "kernels/attention/v048_two_warps_per_scheduler.cuh"
#include "kernels/rope/v008_split_d.cuh"
#include "kernels/rope/v043_direct_o_stores.cuh"

namespace fuselab::kernels::rope::v058 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(
      p, [&](const auto& pe) { attention::v048::launch_or(p, pe, workspace, stream, &v043::launch); });
}

}  // namespace fuselab::kernels::rope::v058
