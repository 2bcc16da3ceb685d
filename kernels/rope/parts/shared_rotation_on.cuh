// Part shared_rotation_on, first built as rope v043 (then
// rope/parts/split_d_direct_o.cuh): a split-D attention design run with
// RoPE, one sin/cos evaluation for Q and K (QkShared over split_d_rotation's
// hook, kMode: the reduced evaluation), neox rows spread over quarter-warps
// (row_loader::SpreadRowQkSubTiles). Launches: the design's entry points
// (kernels/attention/parts/entry_points.cuh), whose launch_with takes the
// hook and the loader. A rope version on a design is then one line:
//   inline constexpr auto& launch = shared_rotation_on::launch<attention::o_staged::Launches>;
// Limits: the design's; positions < 2^17 (the reduced sin/cos); causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>

#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::shared_rotation_on {

template <class Launches, Sincos kMode = Sincos::kReduced>
inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_rotation::with_hook<kMode>(p, [&](const auto& pe) {
    using Pe = QkShared<std::decay_t<decltype(pe)>>;
    Launches::template launch_with<Pe, attention::row_loader::SpreadRowQkSubTiles>(p, Pe{pe}, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::shared_rotation_on
