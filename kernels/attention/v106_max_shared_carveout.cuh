// attention v106 — v103 with every kernel of the pipeline asking for the
// largest shared-memory carveout. In v103's timeline (probe
// fuselab_probe_split_d_timeline, call 1728Z of 2026-11-26, D = 16384)
// phase 3's blocks begin only as phase 2's end (phase 2 ends 23.04-23.46 us,
// phase 3 starts 23.58-24.32), though every phase-2 block triggers phase 3's
// launch as it begins (~21.4 us), and by registers one phase-3 block (119
// per thread, 256 threads) fits beside two phase-2 blocks (32 per thread,
// 256 threads). Phase 2's kernel (2 KB of static shared memory) asks for no
// carveout; an SM configured for it has no room for a phase-3 block (96 KB
// of dynamic shared memory) until it drains and is configured again.
//   phases 1, 2 and 3: v103's kernels, as their own instantiations (the
//            types below), each set to cudaSharedmemCarveoutMaxShared
//            before its launch, so that a phase-3 block can become resident
//            beside phase 2's and pass its wait as phase 2 completes.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v106 {

// The carveout is an attribute of the function, so v106's kernels are
// instantiations of their own: v103's policies under new names.
struct MaxSharedOut : v050::TriggeredPartialsOut {};
struct MaxSharedRows : v050::NoRowHooks {};
struct MaxSharedP : v103::CopiedHalfSplitOfP {};

template <class Kernel>
inline void prefer_max_shared(Kernel* kernel) {
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel),
                                          cudaFuncAttributePreferredSharedMemoryCarveout,
                                          int(cudaSharedmemCarveoutMaxShared)));
}

template <class PSource>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  prefer_max_shared(&v028::pv_kernel<v030::kSplit, true, false, PSource, true>);
  v028::launch_pv<v030::kSplit, true, false, PSource, true>(p, pl, P, stream);
}

// v050::launch_planned with phase 1's Out, phase 2's RowHooks and phase 3's
// PSource given (the timeline probe passes stamped ones), every kernel at
// the largest carveout (kLaunchPv sets phase 3's; v107 has its own).
template <class Pe, template <class> class Loader, class Out, class RowHooks, class PSource,
          v050::PvLauncher kLaunchPv = &launch_pv<PSource>>
inline void launch_planned(const AttentionProblem& p, const Pe& pe, const v002::Plan& pl, void* workspace,
                           cudaStream_t stream) {
  prefer_max_shared(v050::kPhase1<Pe, Loader, 1, v081::HalfCores64, Out>);
  prefer_max_shared(&v050::row_softmax_kernel<true, RowHooks>);
  prefer_max_shared(&v050::row_softmax_kernel<false, RowHooks>);
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, Out, kLaunchPv, RowHooks>(p, pe, pl, workspace,
                                                                                            stream);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline constexpr auto kPhase1 = v050::kPhase1<Pe, Loader, 1, v081::HalfCores64, MaxSharedOut>;
inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, MaxSharedP, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v106::launch_planned<Pe, Loader, MaxSharedOut, MaxSharedRows, MaxSharedP>(p, pe, v002::make_plan<Pe::kPaired>(p),
                                                                            workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v106::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v106
