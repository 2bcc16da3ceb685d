// attention v053 — v052 launched plainly, its two grid barriers counted in a
// word of the workspace (CountingGridBarrier) instead of cooperative_groups'
// grid.sync(), which needs a cooperative launch. Run 20261125T1402*: ncu
// timed v052's kernel at 39.9 us at D = 16384, where the cold timing (flush
// and launch replayed as a CUDA graph) gave 43.4; v051 showed the same gap
// (44 against 48.4); and on the 5-row fixture v052's one launch took 9.4 us,
// as long as v039's three (one plain launch there: ~3.3). A cooperative launch
// seems to cost ~3.5 us more to start than a plain one. (Run 1410*: it cost
// 1.6-2.6 us at D = 128 and 2048 and nothing measurable at D >= 8192; the
// ncu gap is the cold timer's flush, reports/notes/20261125T1420Z-*.)
// The plain launch keeps v052's premise: a grid of at most the blocks that fit
// at once (two per SM), and nothing else of the process on the SMs while it
// runs, so every block becomes resident.
// Kernel, plans and limits: v052's. Workspace: v013's, then the barrier word
// (zeroed once; two barriers a launch leave it as found).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v052_v_resident_two_per_sm.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/cuda_check.h"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v053 {

inline std::size_t barrier_offset(const AttentionProblem& p) { return align_up(v013::workspace_bytes(p), 256); }

inline std::size_t workspace_bytes(const AttentionProblem& p) { return barrier_offset(p) + 256; }

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v017::require_sm90a();
  constexpr auto kPlain = v052::kKernel<Pe, Loader, CountingGridBarrier>;
  const v051::Plans pls = v052::plans_two_per_sm<kPlain, Pe::kPaired>(p);
  const v013::Buffers buf = v013::buffers(p, pls.pl, workspace);
  const CountingGridBarrier barrier{
      reinterpret_cast<unsigned int*>(static_cast<char*>(workspace) + barrier_offset(p))};
  kPlain<<<pls.grid, v052::kThreads, v052::kSmemBytes, stream>>>(p, pe, pls.pl, pls.pl3, buf.part, buf.P, barrier);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v053::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v053
