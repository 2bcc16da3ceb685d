// attention v016 — v015 with a cluster size whose clusters all fit on the
// device at once. v015 measured 0.73x of v014 at D = 2048; its ncu profile at
// D = 16384 (reports/device-logs/20261121T0537Z-ncu-full-v015-phase1.txt)
// shows why: the H100 holds at most 30 clusters of 8 of phase 1 (240 blocks)
// against 256 in the grid, so the last 2 clusters ran as a second wave (SMs
// active 46 k of 75 k cycles). Here the cluster size is the largest of 8, 4,
// 2 that is at most the chunks per head and for which every cluster of the
// grid (chunks padded to a multiple of the size; padding blocks add zeros) is
// resident at once (cudaOccupancyMaxActiveClusters); with none, v014 runs.
// Phases 2 and 3: v014's. Limits: as v013. Workspace: v013's.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v016 {

using v002::kS;

struct ClusterPlan {
  int cs;      // cluster size (1: no clusters, v014's launches)
  int chunks;  // phase-1 blocks per head, a multiple of cs
};

// Clusters of cs blocks of phase 1 the device holds at once, asked once per
// kernel instantiation and size.
template <class Pe>
inline int resident_clusters(int cs) {
  static const int by_size[4] = {
      0, max_active_clusters(reinterpret_cast<const void*>(&v013::partial_scores_kernel<Pe, true>), 2, v002::kThreads, 0),
      max_active_clusters(reinterpret_cast<const void*>(&v013::partial_scores_kernel<Pe, true>), 4, v002::kThreads, 0),
      max_active_clusters(reinterpret_cast<const void*>(&v013::partial_scores_kernel<Pe, true>), 8, v002::kThreads, 0)};
  return cs == 2 ? by_size[1] : cs == 4 ? by_size[2] : cs == 8 ? by_size[3] : 0;
}

template <class Pe>
inline ClusterPlan cluster_plan(const AttentionProblem& p, const v002::Plan& pl) {
  const long bh = long(p.B) * p.Hq;
  for (int cs = 8; cs >= 2; cs /= 2) {
    if (cs > pl.chunks1) continue;
    const int chunks = ceil_div(pl.chunks1, cs) * cs;
    if (bh * chunks <= long(resident_clusters<Pe>(cs)) * cs) return {cs, chunks};
  }
  return {1, pl.chunks1};
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const ClusterPlan cp = cluster_plan<Pe>(p, pl);
  if (cp.cs == 1) {
    v014::launch_with(p, pe, workspace, stream);
    return;
  }
  // chunks / cs <= chunks1 partials: the workspace holds them.
  const v013::Buffers buf = v013::buffers(p, pl, workspace);
  launch_clustered(cp.cs, &v013::partial_scores_kernel<Pe, true>, dim3(cp.chunks, unsigned(p.B) * p.Hq),
                   dim3(v002::kThreads), 0, stream, p, pe, buf.part, pl.nsub1, pl.spb1);
  v014::launch_row_softmax(p, buf.part, cp.chunks / cp.cs, buf.P, stream);
  v014::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v016::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v016
