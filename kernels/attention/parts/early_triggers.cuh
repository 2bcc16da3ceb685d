// Part early_triggers, first built as attention v050:
// v039 with each earlier launch letting the next one start
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
// Kernels: v039's, with the triggers. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/entry_points.cuh"
#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_mma.cuh"  // sm_count
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/softmax_loads_in_flight.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/attention/parts/lean_pv_prologue.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::early_triggers {

using split_d::kS;

// Phase 1's Out: v017's partials, with the trigger as the block begins.
struct TriggeredPartialsOut : wgmma_scores::PartialsOut {
  __device__ static void begin() { cudaTriggerProgrammaticLaunchCompletion(); }
};

// Phase 1's kernel for Pe and Loader, the rest by Recipe (below).
template <class Pe, template <class> class Loader, class Recipe>
inline constexpr auto kPhase1WithRecipe =
    &wgmma_scores::partial_scores_kernel<Pe, Recipe::kAhead, Loader, false, typename Recipe::Layout,
                                         tf32_mask_split::kSplit, typename Recipe::Out>;

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
__global__ void __launch_bounds__(kS * split_d_row_softmax::kSplit)
    row_softmax_kernel(const AttentionProblem p, const float* part, int chunks, float* __restrict__ P) {
  if constexpr (kTrigger) cudaTriggerProgrammaticLaunchCompletion();  // phase 3 may launch and put V in flight
  cudaGridDependencySynchronize();  // phase 1's partials are complete and visible
  RowHooks::waited(p, blockIdx.x, blockIdx.y);
  split_d_row_softmax::softmax_row<softmax_loads_in_flight::kInFlight, true>(p, part, chunks, P, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y);
  RowHooks::done(p, part, chunks, blockIdx.x, blockIdx.y);
}

// Phase 3's P source (pv_pipeline::SplitOfP's interface): v039's, read through L2.
struct CoherentMaskedSplitOfP {
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    wgmma_pv::store_p_split<Tf32Split::kMask, true>(P + std::size_t(bh) * kS * kS, p.Sq, pbig);
  }
};

// The pipeline's parts, by name: launch_planned takes a Recipe, a struct that
// derives from SplitDRecipe (or a later recipe) and overrides what it changes.
struct SplitDRecipe {
  // kAhead: sub-tiles in flight per phase-1 loader (wgmma_scores; 2 in v072).
  static constexpr int kAhead = 1;
  // Layout: where phase 1's split parts go (v081: fp16 parts).
  using Layout = padded_split_layout::PaddedCores64;
  // Out: how a phase-1 block begins and ends (v089: V sent to L2 as it ends).
  using Out = TriggeredPartialsOut;
  // Pv: phase 3's policy (pv_pipeline::PvPolicy; v082: P as fp16 parts).
  using Pv = lean_pv_prologue::LeanPv<CoherentMaskedSplitOfP>;
  // RowHooks: phase 2's work besides its rows (v091, v092).
  using RowHooks = NoRowHooks;
};

template <class Pe, template <class> class Loader>
inline constexpr auto kPhase1 = kPhase1WithRecipe<Pe, Loader, SplitDRecipe>;
inline constexpr auto kPhase3 = &pv_pipeline::pv_kernel<SplitDRecipe::Pv>;

// The three launches under plan pl (split_d::make_plan: phase 1's chunks; v071
// plans phase 1 for fewer blocks), phase 2 as a dependent launch that lets
// phase 3 start early.
template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles, class Recipe = SplitDRecipe>
inline void launch_planned(const AttentionProblem& p, const Pe& pe, const split_d::Plan& pl, void* workspace,
                           cudaStream_t stream) {
  using RowHooks = typename Recipe::RowHooks;
  const split_d_register_tiles::Buffers buf = wgmma_scores::launch_phase1_kernel<typename Recipe::Layout>(
      kPhase1WithRecipe<Pe, Loader, Recipe>, p, pe, pl, workspace, stream);
  const int sms = split_d_mma::sm_count();
  const bool wgmma_pv = wgmma_pv::fills_sms(p, wgmma_pv::make_plan(p, sms), sms);  // wgmma_pv::launch_wgmma_pv's choice
  launch_dependent(wgmma_pv ? &row_softmax_kernel<true, RowHooks> : &row_softmax_kernel<false, RowHooks>,
                   dim3(p.Sq, unsigned(p.B) * p.Hq), dim3(kS, split_d_row_softmax::kSplit), 0, stream, p,
                   static_cast<const float*>(buf.part), pl.chunks1, buf.P);
  pv_pipeline::launch_pv<typename Recipe::Pv>(p, pl, buf.P, stream);
}

// This pipeline under a part's own Recipe, for EntryPoints: a part declares
//   using Launches = early_triggers::RecipeLaunches<Recipe>;
template <class Recipe>
struct RecipeWith {
  template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
  static void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
    launch_planned<Pe, Loader, Recipe>(p, pe, split_d::make_plan<Pe::kPaired>(p), workspace, stream);
  }
};
template <class Recipe>
using RecipeLaunches = EntryPoints<RecipeWith<Recipe>>;

using Launches = RecipeLaunches<SplitDRecipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::early_triggers
