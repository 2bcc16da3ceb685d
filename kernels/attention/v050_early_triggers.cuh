// attention v050 — v039 with each earlier launch letting the next one start
// at once. Phases 1 and 2 call cudaTriggerProgrammaticLaunchCompletion as
// their blocks begin; until now no kernel of the pipeline did, so a
// programmatic launch began only as the previous grid's blocks exited.
//   phase 2's blocks may then become resident as phase 1's exit, each
//     waiting for phase 1's grid (cudaGridDependencySynchronize);
//   phase 3 may launch once every phase-2 block has begun, and its blocks
//     put their V steps in flight (cp.async) before they wait for P, during
//     phase 1's tail and phase 2 instead of after them.
// The waits still cover the whole previous grid: a trigger moves only the
// launch. What a grid reads of the one it runs beside (phase 2: the
// partials; phase 3: P) it reads through L2 (ld.global.cg), never through
// the read-only path (ld.global.nc), which assumes the data fixed for the
// kernel's lifetime: the first build read both that way and failed its
// check wherever phase 3 was v006's or v013's (run 20261125T1111*). The
// SASS of v006's phase 3 shows why: ptxas issued P's read-only loads before
// the wait (launch_config.cuh). Below one wave phase 3 is those kernels, so
// there phase 2 does not trigger (phase 1 does); they have read P with
// plain loads since, and this version was left as measured.
// Kernels: v039's, with the triggers. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v007_mma_split_d.cuh"  // sm_count
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v050 {

using v002::kS;

// Phase 1's Out: v017's partials, with the trigger as the block begins.
struct TriggeredPartialsOut : v017::PartialsOut {
  __device__ static void begin() { cudaTriggerProgrammaticLaunchCompletion(); }
};

// kAhead: sub-tiles in flight per loader (v017; 1 here, 2 in v072).
// Layout: where the split parts go (v081: fp16 parts).
// Out: TriggeredPartialsOut's interface (v089: V sent to L2 as a block ends).
template <class Pe, template <class> class Loader, int kAhead = 1, class Layout = v022::PaddedCores64,
          class Out = TriggeredPartialsOut>
inline constexpr auto kPhase1 = &v017::partial_scores_kernel<Pe, kAhead, Loader, false, Layout, v030::kSplit, Out>;

// What a phase-2 row block (row i of head bh) does besides its row, by all
// its threads: waited() once phase 1 is complete, done() after the row (its
// reads of the partials are then over). v091 and v092 define their own.
struct NoRowHooks {
  __device__ static void waited(const AttentionProblem&, int /*i*/, int /*bh*/) {}
  __device__ static void done(const AttentionProblem&, const float* /*part*/, int /*chunks*/, int /*i*/,
                              int /*bh*/) {}
};

// Phase 2: v029's rows (kInFlight partials in flight), read through L2;
// kTrigger: the trigger first.
template <bool kTrigger, class RowHooks = NoRowHooks>
__global__ void __launch_bounds__(kS * v014::kSplit)
    row_softmax_kernel(const AttentionProblem p, const float* part, int chunks, float* __restrict__ P) {
  if constexpr (kTrigger) cudaTriggerProgrammaticLaunchCompletion();  // phase 3 may launch and put V in flight
  cudaGridDependencySynchronize();  // phase 1's partials are complete and visible
  RowHooks::waited(p, blockIdx.x, blockIdx.y);
  v014::softmax_row<v029::kInFlight, true>(p, part, chunks, P, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y);
  RowHooks::done(p, part, chunks, blockIdx.x, blockIdx.y);
}

// Phase 3's P source (v028::SplitOfP's interface): v039's, read through L2.
struct CoherentMaskedSplitOfP {
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    v019::store_p_split<Tf32Split::kMask, true>(P + std::size_t(bh) * kS * kS, p.Sq, pbig);
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, CoherentMaskedSplitOfP, true>;

// The three launches under plan pl (v002::make_plan: phase 1's chunks; v071
// plans phase 1 for fewer blocks), phase 1 kAhead sub-tiles ahead, its
// split parts in Layout, its end in Out; phase 3's P from PSource (v082:
// fp16 parts), phase 3 launched by kLaunchPv (v090: V by bulk copies);
// phase 2's RowHooks (v091, v092).
using PvLauncher = void (*)(const AttentionProblem&, const v002::Plan&, const float*, cudaStream_t);
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, int kAhead = 1,
          class Layout = v022::PaddedCores64, class PSource = CoherentMaskedSplitOfP, class Out = TriggeredPartialsOut,
          PvLauncher kLaunchPv = &v028::launch_pv<v030::kSplit, true, false, PSource, true>,
          class RowHooks = NoRowHooks>
inline void launch_planned(const AttentionProblem& p, const Pe& pe, const v002::Plan& pl, void* workspace,
                           cudaStream_t stream) {
  const v013::Buffers buf =
      v017::launch_phase1_kernel<Layout>(kPhase1<Pe, Loader, kAhead, Layout, Out>, p, pe, pl, workspace, stream);
  const int sms = v007::sm_count();
  const bool wgmma_pv = v019::fills_sms(p, v019::make_plan(p, sms), sms);  // v019::launch_wgmma_pv's choice
  launch_dependent(wgmma_pv ? &row_softmax_kernel<true, RowHooks> : &row_softmax_kernel<false, RowHooks>,
                   dim3(p.Sq, unsigned(p.B) * p.Hq), dim3(kS, v014::kSplit), 0, stream, p,
                   static_cast<const float*>(buf.part), pl.chunks1, buf.P);
  kLaunchPv(p, pl, buf.P, stream);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  launch_planned<Pe, Loader>(p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v039::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v050::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v050
