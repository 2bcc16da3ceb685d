// attention v084 — v083 with the pack running beside the flash kernel
// instead of before it. v083's pack streams K and V through DRAM (268 MB at
// 8x16x1024x128) while the SMs' tensor cores idle; its flash kernel then
// runs with DRAM ~14 % busy. Here:
//   pack_ahead_kernel: one persistent block per SM takes the tiles in head
//      order (tile j of batch x KV head bkv is item bkv * tiles + j), packs
//      each as v083's pack does (v083::load_raw, pack_raw), and adds one to
//      the head's count. Every block triggers the dependent launch as it
//      begins.
//   v083's packed_kernel<kAfterPack>: launched as a programmatic dependent,
//      so its blocks become resident beside the pack's (67.6 + 66.5 KB of
//      shared memory, ~59 K registers an SM; both kernels ask for the full
//      shared-memory carveout so that an SM running one has room for the
//      other). A block loads Q, waits for its head's count, then runs as
//      v083's. Only the first wave waits: the pack finishes a head in about
//      a fiftieth of the time a wave of the flash kernel takes (~1.1 against
//      ~52 us, ncu and cold times of call 0938Z).
// No deadlock: the flash grid launches only after every pack block has
// begun, and the pack never waits on the flash kernel.
// Limits: D = 128; any Sq, Sk >= 1; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <stdexcept>

#include "kernels/attention/v007_mma_split_d.cuh"  // sm_count
#include "kernels/attention/v083_flash_fp16_split.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v084 {

using v083::kPackThreads;

// Workspace: v083's packed sets, then one count per batch x KV head.
inline std::size_t ready_offset(const AttentionProblem& p) { return v083::workspace_bytes(p); }
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return ready_offset(p) + std::size_t(p.B) * p.Hkv * sizeof(unsigned);
}

// kRawTiles (v085): raw tiles in flight per pack block; with two, the next
// tile's reads overlap this one's conversion and stores.
template <int kRawTiles>
inline constexpr std::size_t kPackAheadSmemBytes =
    std::size_t(v083::kSetFloats + kRawTiles * v083::kRawTileFloats) * sizeof(float);

template <class Pe, int kRawTiles = 1>
__global__ void __launch_bounds__(kPackThreads) pack_ahead_kernel(const AttentionProblem p, const Pe pe,
                                                                 float* __restrict__ packed, unsigned* ready) {
  cudaTriggerProgrammaticLaunchCompletion();  // the flash kernel may launch beside this one
  extern __shared__ __align__(128) float smem[];
  float* const set = smem;
  auto raw = [&](int n) { return smem + v083::kSetFloats + (n % kRawTiles) * v083::kRawTileFloats; };
  const int tiles = v063::tiles_of(p), items = p.B * p.Hkv * tiles;
  // The block's n-th item; kRawTiles of them in flight, one cp.async group
  // each (empty past the last item).
  auto item_of = [&](int n) { return int(blockIdx.x) + n * int(gridDim.x); };
  auto load_or_skip = [&](int n) {
    if (item_of(n) < items) v083::load_raw(p, item_of(n) % tiles, item_of(n) / tiles, raw(n));
    else cp_async_commit();
  };
  for (int n = 0; n < kRawTiles - 1; ++n) load_or_skip(n);
  for (int n = 0; item_of(n) < items; ++n) {
    load_or_skip(n + kRawTiles - 1);
    cp_async_wait<kRawTiles - 1>();
    __syncthreads();  // item n's raw tile landed
    const int bkv = item_of(n) / tiles;
    v083::pack_raw(p, pe, packed, item_of(n) % tiles, bkv, tiles, raw(n), set);
    signal_count(ready + bkv);  // also the barrier before its raw tile and the set are reused
  }
}

template <class Pe, int kRawTiles = 1>
inline constexpr auto kPackKernel = &pack_ahead_kernel<Pe, kRawTiles>;
template <class Pe, bool kLazyRescale = false, bool kRolledQ = false, bool kTurns = true>
inline constexpr auto kPackedKernel = v083::kPackedKernel<Pe, true, kLazyRescale, kRolledQ, kTurns>;

// kpe transforms K in the pack, qpe Q in the attention kernel; kRawTiles
// (v085), kLazyRescale (v086), kRolledQ (v087) and kTurns (v088) as their
// kernels say.
template <int kRawTiles = 1, bool kLazyRescale = false, bool kRolledQ = false, bool kTurns = true, class KPe,
          class QPe>
inline void launch_with(const AttentionProblem& p, const KPe& kpe, const QPe& qpe, void* workspace,
                        cudaStream_t stream) {
  v017::require_sm90a();
  if (p.D != v083::kD)
    throw std::runtime_error("attention v084 is compiled for head_dim 128 only; its limits say so");
  float* packed = static_cast<float*>(workspace);
  unsigned* ready = reinterpret_cast<unsigned*>(static_cast<char*>(workspace) + ready_offset(p));
  constexpr auto pack = kPackKernel<KPe, kRawTiles>;
  constexpr auto kernel = kPackedKernel<QPe, kLazyRescale, kRolledQ, kTurns>;
  constexpr std::size_t pack_smem = kPackAheadSmemBytes<kRawTiles>;
  set_max_dynamic_smem(pack, int(pack_smem));
  set_max_dynamic_smem(kernel, int(v083::kSmemBytes));
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(pack, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          cudaSharedmemCarveoutMaxShared));
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          cudaSharedmemCarveoutMaxShared));
  const int items = p.B * p.Hkv * v063::tiles_of(p);
  pack<<<std::min(items, v007::sm_count()), kPackThreads, pack_smem, stream>>>(p, kpe, packed, ready);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const dim3 grid(unsigned((p.Sq + v083::kBlockRows - 1) / v083::kBlockRows), unsigned(p.B) * p.Hq);
  launch_dependent(kernel, grid, dim3(v083::kThreads), v083::kSmemBytes, stream, p, qpe,
                   static_cast<const float*>(packed), ready);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v084
