// rope v076 — the study's hybrid on the flash kernel: v000's rotation pass
// rotates K alone (accurate sincosf) into workspace, once per element;
// attention v059's flash kernel rotates Q as it lands (v017's reduced angle +
// __sincosf) and reads K' as it is. Against v071 (both fused) it trades K's
// rotation, redone by every 128-row block (8 times per key at Sq = 1024), for
// a pass that reads K and writes K'.
// Limits: D = 128, query positions < 2^17; any Sq, Sk; causal, GQA, cross;
// a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/q_only_hook.cuh"
#include "kernels/rope/v000_separate.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v076 {

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v000::k_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const AttentionProblem p2 = v000::k_rotated(p, workspace, stream);
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    using Pe = QOnly<std::decay_t<decltype(pe)>>;
    attention::v054::launch_with<true, true, true, true>(p2, Pe{pe}, stream);
  });
}

}  // namespace fuselab::kernels::rope::v076
