// attention v028 — v024 with phase 3's V two steps ahead. ncu on v027 at
// D = 16384 (reports/device-logs/20261121T0818Z-ncu-v027.csv): phase 3 takes
// 20.0 us at 29 % of DRAM peak, against 13.8 us cold for its bytes alone
// (the phase-3 probe). v024's phase 3 has one V buffer: a block with two
// steps (D = 16384) lands V of step 2 only after step 1's products, so that
// latency is exposed once per block. Here a block keeps two V buffers; both
// first steps are in flight before it waits for P, and O of a step is staged
// in the V buffer it came from (kLdO <= kLdV), so shared memory stays at
// v024's size (2 blocks per SM).
// Phases 1 and 2: v024's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v028 {

using v002::kS;
using v002::kThreads;
using v024::kLdO;
using v024::kLdV;

inline constexpr int kVFloats = kS * kLdV;  // one V buffer
inline constexpr std::size_t kSmemBytes = (2 * v019::kPFloats + 2 * kVFloats) * sizeof(float);
static_assert(kLdO <= kLdV, "O is staged in a V buffer");

// How phase 3 gets head bh's split P into shared memory, once P's source is
// complete (PSource of pv_kernel): here P as phase 2 wrote it (v034: the
// softmax of the summed scores).
struct SplitOfP {
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    v019::store_p_split(P + std::size_t(bh) * kS * kS, p.Sq, pbig);
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

// kSplit (v030): how V becomes tf32 parts (mma_tf32.cuh).
// kDirectO (v032): O leaves from the accumulators (PvSteps::store_o_direct),
// with no staging and one barrier per step.
// kPipelined (v033): PvSteps::products_pipelined.
// PSource (v034): SplitOfP's interface; P is what it reads. A source that
// splits P into fp16 parts (HasHalves, v082: its Layout) makes the products
// 3xFP16 (PvSteps::products_f16; kSplit and kPipelined then do not apply).
// kLeanLoads (v039): V by PvSteps::load_lean.
// A PSource with a static mark(event) (fuselab_probe_split_d_timeline's) is
// told kMarkStart as the block begins, kMarkLanded + i as V of its i-th step
// has landed and kMarkDone after its last stores; other sources compile as
// before.
// P is PArgOf<PSource>'s type (const float* but for v093's source).
template <Tf32Split kSplit = Tf32Split::kRound, bool kDirectO = false, bool kPipelined = false,
          class PSource = SplitOfP, bool kLeanLoads = false>
__global__ void __launch_bounds__(kThreads, v019::kBlocksPerSm)
    pv_kernel(const AttentionProblem p, typename PArgOf<PSource>::type P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V buffers 0 and 1
  float* vbuf = smem + 2 * v019::kPFloats;
  const int bh = blockIdx.y;
  const v024::PvSteps steps(p, bh, vbuf, vbuf);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  // One cp.async group per step slot, empty where there is no step, so that
  // at step s exactly one younger group (step s + 1) may still be pending.
  auto load_or_skip = [&](int s) {
    if (s < s_end) {
      if constexpr (kLeanLoads) steps.load_lean(s, vbuf + ((s - s_begin) & 1) * kVFloats);
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
    } else if constexpr (kPipelined) {
      steps.products_pipelined<kSplit>(v, pbig, acc);
    } else {
      steps.products<kSplit>(v, pbig, acc);
    }
    if constexpr (kDirectO) {
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

// kBlocksPerSm (v040): the blocks per SM to plan for.
template <Tf32Split kSplit = Tf32Split::kRound, bool kDirectO = false, bool kPipelined = false,
          class PSource = SplitOfP, bool kLeanLoads = false, int kBlocksPerSm = v019::kBlocksPerSm>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  v019::launch_wgmma_pv(&v028::pv_kernel<kSplit, kDirectO, kPipelined, PSource, kLeanLoads>, kSmemBytes, p, pl, P,
                        stream, kBlocksPerSm);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = v022::launch_partial_scores<Pe, Loader>(p, pe, pl, workspace, stream);
  v014::launch_row_softmax(p, buf.part, pl.chunks1, buf.P, stream);
  v028::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v028::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v028
