// attention v092 — v082 with V sent to L2 by phase 2's blocks as soon as
// phase 1 is complete. The split-D timeline at 1x4x64x16384 (probe
// fuselab_probe_split_d_timeline, calls 1107Z-1126Z of 2026-11-26): phase
// 1's last block ends at 20.9 us, phase 2 waits for it until 21.4, and
// phase 3's blocks begin, and put V in flight, only at 24.0. v089 sent V
// while phase 1's last blocks still read Q and K, and they ran 2.8 us
// longer. Here V's reads begin after the last of those reads, 2.6 us
// before phase 3 could issue them.
//   phase 2: v050's rows; each row block, after its wait, sends its share
//            of its head's V to L2 (VToL2: one bulk prefetch per key row
//            and thread row, v017::prefetch_v_share);
//   phases 1 and 3: v082's (phase 3's copies then find V in L2, or in
//            flight to it).
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v092 {

// Phase 2's hooks: V's dims split over a head's row blocks and their
// thread rows (Sq x kSplit shares); thread (key, y) of row block i sends
// key's row of share kSplit * i + y.
struct VToL2 : v050::NoRowHooks {
  __device__ static void waited(const AttentionProblem& p, int i, int bh) {
    v017::prefetch_v_share(p, bh, v014::kSplit * i + int(threadIdx.y), p.Sq * v014::kSplit);
  }
};

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  using PSource = v082::CoherentHalfSplitOfP;
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, v050::TriggeredPartialsOut,
                       &v028::launch_pv<v030::kSplit, true, false, PSource, true>, VToL2>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v092::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v092
