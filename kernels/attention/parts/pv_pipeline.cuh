// Part pv_pipeline, first built as attention v028:
// v024 with phase 3's V two steps ahead. ncu on v027 at
// D = 16384 (reports/device-logs/20261121T0818Z-ncu-v027.csv): phase 3 takes
// 20.0 us at 29 % of DRAM peak, against 13.8 us cold for its bytes alone
// (the phase-3 probe). v024's phase 3 has one V buffer: a block with two
// steps (D = 16384) lands V of step 2 only after step 1's products, so that
// latency is exposed once per block. Here a block keeps two V buffers; both
// first steps are in flight before it waits for P, and O of a step is staged
// in the V buffer it came from (kLdO <= kLdV), so shared memory stays at
// v024's size (2 blocks per SM).
// Phases 1 and 2: v024's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/attention/parts/wgmma_pv_register_a.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::pv_pipeline {

using split_d::kS;
using split_d::kThreads;
using wgmma_pv_register_a::kLdO;
using wgmma_pv_register_a::kLdV;

inline constexpr int kVFloats = kS * kLdV;  // one V buffer
inline constexpr std::size_t kSmemBytes = (2 * wgmma_pv::kPFloats + 2 * kVFloats) * sizeof(float);
static_assert(kLdO <= kLdV, "O is staged in a V buffer");

// How phase 3 gets head bh's split P into shared memory, once P's source is
// complete (PSource of pv_kernel): here P as phase 2 wrote it (v034: the
// softmax of the summed scores).
struct SplitOfP {
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    wgmma_pv::store_p_split(P + std::size_t(bh) * kS * kS, p.Sq, pbig);
  }
};

enum : int { kMarkStart = 0, kMarkDone = 1, kMarkLanded = 2 };

template <class T, class = void>
struct HasMark : std::false_type {};
template <class T>
struct HasMark<T, std::void_t<decltype(&T::mark)>> : std::true_type {};
template <class PSource>
__device__ __forceinline__ void mark(int event) {
  if constexpr (HasMark<PSource>::value) PSource::mark(event);
}

// What pv_kernel's P argument is: PSource::Arg where the source declares one
// (v093: the workspace's pieces), else P itself.
template <class T, class = void>
struct PArgOf {
  using type = const float*;
};
template <class T>
struct PArgOf<T, std::void_t<typename T::Arg>> {
  using type = typename T::Arg;
};

// A source with Rows (v093) takes phase 2's softmax itself: after the grid
// wait (phase 1 complete) it loads its rows' partials (load_rows), V is put
// in flight behind those loads (unless VAfterP), and finish_rows stores the
// rows and returns once P of the block's head is complete.
template <class T, class = void>
struct TakesRows : std::false_type {};
template <class T>
struct TakesRows<T, std::void_t<typename T::Rows>> : std::true_type {};

// A source with kVAfterP = true (v094, v095) has V put in flight only once
// P is in shared memory, so that P's loads queue behind no V.
template <class T, class = void>
struct VAfterP : std::false_type {};
template <class T>
struct VAfterP<T, std::enable_if_t<T::kVAfterP>> : std::true_type {};

// A source with Fetched (v098) splits put() in two: fetch() issues P's
// loads into registers (a Fetched), store() splits them into shared memory.
// Its loads are issued after the grid wait and before V's, and stored once
// V is in flight, so that they queue behind none of the block's V.
template <class T, class = void>
struct FetchesP : std::false_type {};
template <class T>
struct FetchesP<T, std::void_t<typename T::Fetched>> : std::true_type {};

// Phase 3's switches, by name: pv_kernel and launch_pv take a policy, a
// struct that derives from PvPolicy and overrides what it changes, e.g.
//   struct LeanPv : PvPolicy { static constexpr bool kDirectO = true; ... };
struct PvPolicy {
  // kSplit (v030): how V becomes tf32 parts (mma_tf32.cuh).
  static constexpr Tf32Split kSplit = Tf32Split::kRound;
  // kDirectO (v032): O leaves from the accumulators (PvSteps::store_o_direct),
  // with no staging and one barrier per step; else staged in shared memory.
  static constexpr bool kDirectO = false;
  // kPipelined (v033): PvSteps::products_pipelined.
  static constexpr bool kPipelined = false;
  // PSource (v034): SplitOfP's interface; P is what it reads. A source that
  // splits P into fp16 parts (HasHalves, v082: its Layout) makes the products
  // 3xFP16 (PvSteps::products_f16; kSplit and kPipelined then do not apply).
  using PSource = SplitOfP;
  // kLeanLoads (v039): V by PvSteps::load_lean.
  static constexpr bool kLeanLoads = false;
  // kBlocksPerSm (v040): the blocks per SM launch_pv plans for.
  static constexpr int kBlocksPerSm = wgmma_pv::kBlocksPerSm;
};

// A PSource with a static mark(event) (fuselab_probe_split_d_timeline's) is
// told kMarkStart as the block begins, kMarkLanded + i as V of its i-th step
// has landed and kMarkDone after its last stores; other sources compile as
// before.
// P is PArgOf<PSource>'s type (const float* but for v093's source).
template <class Policy = PvPolicy>
__global__ void __launch_bounds__(kThreads, wgmma_pv::kBlocksPerSm)
    pv_kernel(const AttentionProblem p, typename PArgOf<typename Policy::PSource>::type P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  using PSource = typename Policy::PSource;
  constexpr Tf32Split kSplit = Policy::kSplit;
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V buffers 0 and 1
  float* vbuf = smem + 2 * wgmma_pv::kPFloats;
  const int bh = blockIdx.y;
  const wgmma_pv_register_a::PvSteps steps(p, bh, vbuf, vbuf);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  // One cp.async group per step slot, empty where there is no step, so that
  // at step s exactly one younger group (step s + 1) may still be pending.
  auto load_or_skip = [&](int s) {
    if (s < s_end) {
      if constexpr (Policy::kLeanLoads) steps.load_lean(s, vbuf + ((s - s_begin) & 1) * kVFloats);
      else steps.load(s, vbuf + ((s - s_begin) & 1) * kVFloats);
    } else {
      cp_async_commit();
    }
  };
  constexpr bool kVFirst = !VAfterP<PSource>::value;
  auto load_first_steps = [&] {
    load_or_skip(s_begin);
    load_or_skip(s_begin + 1);
  };
  mark<PSource>(kMarkStart);
  if constexpr (FetchesP<PSource>::value) {
    static_assert(kVFirst && !TakesRows<PSource>::value, "P fetched before V: a plain source");
    cudaGridDependencySynchronize();  // P is complete and visible
    const typename PSource::Fetched fetched = PSource::fetch(p, P, bh);
    load_first_steps();  // behind P's loads
    PSource::store(p, fetched, pbig);
  } else if constexpr (TakesRows<PSource>::value) {
    cudaGridDependencySynchronize();  // phase 1's partials are complete and visible
    typename PSource::Rows rows;
    PSource::load_rows(p, P, bh, rows);
    if constexpr (kVFirst) load_first_steps();  // queued behind the partials' loads
    PSource::finish_rows(p, P, bh, rows);       // P of head bh is complete and visible
  } else {
    if constexpr (kVFirst) load_first_steps();  // V does not depend on phase 2
    cudaGridDependencySynchronize();            // P is complete and visible
  }
  if constexpr (!FetchesP<PSource>::value) PSource::put(p, P, bh, pbig);
  if constexpr (!kVFirst) load_first_steps();
  fence_proxy_async_shared();
  for (int s = s_begin; s < s_end; ++s) {
    float* v = vbuf + ((s - s_begin) & 1) * kVFloats;
    cp_async_wait<1>();
    __syncthreads();  // V of step s (and, the first time, P) is complete
    mark<PSource>(kMarkLanded + (s - s_begin));
    float acc[32];
    if constexpr (HasHalves<PSource>::value) {
      steps.products_f16<typename PSource::Layout>(v, pbig, acc);
    } else if constexpr (Policy::kPipelined) {
      steps.products_pipelined<kSplit>(v, pbig, acc);
    } else {
      steps.products<kSplit>(v, pbig, acc);
    }
    if constexpr (Policy::kDirectO) {
      steps.store_o_direct(acc, s);
      if (s + 2 < s_end) __syncthreads();  // every warpgroup is done with this V buffer
    } else {
      __syncthreads();  // every warpgroup is done with this V buffer
      steps.store_o(acc, v, s);
      __syncthreads();  // the staged O is stored
    }
    load_or_skip(s + 2);
  }
  mark<PSource>(kMarkDone);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Policy = PvPolicy>
inline void launch_pv(const AttentionProblem& p, const split_d::Plan& pl, const float* P, cudaStream_t stream) {
  wgmma_pv::launch_wgmma_pv(&pv_pipeline::pv_kernel<Policy>, kSmemBytes, p, pl, P, stream, Policy::kBlocksPerSm);
}

using Launches = split_d_row_softmax::ThreeLaunches<&padded_split_layout::launch_partial_scores<split_d::NoPe, row_loader::RowQkSubTiles>, &pv_pipeline::launch_pv<>>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::pv_pipeline
