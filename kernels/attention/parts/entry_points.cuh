// Part entry_points: a split-D pipeline's entry points, made from its
// launch_with alone. With is a type whose
//   template <class Pe, template <class> class Loader = ...>
//   static void launch_with(const AttentionProblem&, const Pe&, void* workspace, cudaStream_t)
// runs the pipeline with a PE hook and a row loader; EntryPoints<With> adds
// launch (no PE: the attention family's launch) and workspace_bytes
// (kWorkspaceBytes: phase 1's partial scores, then P, unless the part needs
// more). A part declares them once:
//   using Launches = EntryPoints<With>;
//   inline constexpr auto& launch = Launches::launch;
//   inline constexpr auto& workspace_bytes = Launches::workspace_bytes;
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention {

template <class With, auto kWorkspaceBytes = &split_d_register_tiles::workspace_bytes>
struct EntryPoints : With {
  static void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
    With::launch_with(p, split_d::NoPe{}, workspace, stream);
  }
  static std::size_t workspace_bytes(const AttentionProblem& p) { return kWorkspaceBytes(p); }
};

}  // namespace fuselab::kernels::attention
