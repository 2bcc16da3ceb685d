// attention v015 — v014 with phase 1's blocks in thread-block clusters of up
// to 8 consecutive chunks of a head, which add their 64x64 partials through
// distributed shared memory before anything reaches global memory
// (v013::cluster_sum_rows). From v014's profile: at D = 2048 each phase-1
// block covers 32 dims, so the 4 MB of partials it writes equal the Q and K
// it reads, and the softmax phase (6.4 us under ncu at every D, 15.6 cycles
// of long-scoreboard stall per instruction) reads them all back, 64 per score.
// Clusters of 8 write an eighth of that and leave 8 partials per score.
// Cluster size: the largest of 8, 4, 2, 1 that divides the chunks per head.
// Phases 2 and 3: v014's. Limits: as v013. Workspace: v013's (more than needed).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v015 {

using v002::kS;

inline int cluster_size(int chunks) {
  int cs = 8;
  while (chunks % cs != 0) cs /= 2;
  return cs;
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const int cs = cluster_size(pl.chunks1);
  const v013::Buffers buf = v013::buffers(p, pl, workspace);
  launch_clustered(cs, &v013::partial_scores_kernel<Pe, true>, dim3(pl.chunks1, unsigned(p.B) * p.Hq),
                   dim3(v002::kThreads), 0, stream, p, pe, buf.part, pl.nsub1, pl.spb1);
  v014::launch_row_softmax(p, buf.part, pl.chunks1 / cs, buf.P, stream);
  v014::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v015::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v015
