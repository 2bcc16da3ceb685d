// Part pack_beside_flash, first built as attention v084:
// v083 with the pack running beside the flash kernel
// instead of before it. v083's pack streams K and V through DRAM (268 MB at
// 8x16x1024x128) while the SMs' tensor cores idle; its flash kernel then
// runs with DRAM ~14 % busy. Here:
//   pack_ahead_kernel: one persistent block per SM takes the tiles in head
//      order (tile j of batch x KV head bkv is item bkv * tiles + j), packs
//      each as v083's pack does (flash_fp16_split::load_raw, pack_raw), and adds one to
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

#include "kernels/attention/parts/split_d_mma.cuh"  // sm_count
#include "kernels/attention/parts/flash_fp16_split.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::pack_beside_flash {

using flash_fp16_split::kPackThreads;

// Workspace: v083's packed sets, then one count per batch x KV head.
inline std::size_t ready_offset(const AttentionProblem& p) { return flash_fp16_split::workspace_bytes(p); }
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return ready_offset(p) + std::size_t(p.B) * p.Hkv * sizeof(unsigned);
}

// kRawTiles (v085): raw tiles in flight per pack block; with two, the next
// tile's reads overlap this one's conversion and stores.
template <int kRawTiles>
inline constexpr std::size_t kPackAheadSmemBytes =
    std::size_t(flash_fp16_split::kSetFloats + kRawTiles * flash_fp16_split::kRawTileFloats) * sizeof(float);

template <class Pe, int kRawTiles = 1>
__global__ void __launch_bounds__(kPackThreads) pack_ahead_kernel(const AttentionProblem p, const Pe pe,
                                                                 float* __restrict__ packed, unsigned* ready) {
  cudaTriggerProgrammaticLaunchCompletion();  // the flash kernel may launch beside this one
  extern __shared__ __align__(128) float smem[];
  float* const set = smem;
  auto raw = [&](int n) { return smem + flash_fp16_split::kSetFloats + (n % kRawTiles) * flash_fp16_split::kRawTileFloats; };
  const int tiles = flash_packed_operands::tiles_of(p), items = p.B * p.Hkv * tiles;
  // The block's n-th item; kRawTiles of them in flight, one cp.async group
  // each (empty past the last item).
  auto item_of = [&](int n) { return int(blockIdx.x) + n * int(gridDim.x); };
  auto load_or_skip = [&](int n) {
    if (item_of(n) < items) flash_fp16_split::load_raw(p, item_of(n) % tiles, item_of(n) / tiles, raw(n));
    else cp_async_commit();
  };
  for (int n = 0; n < kRawTiles - 1; ++n) load_or_skip(n);
  for (int n = 0; item_of(n) < items; ++n) {
    load_or_skip(n + kRawTiles - 1);
    cp_async_wait<kRawTiles - 1>();
    __syncthreads();  // item n's raw tile landed
    const int bkv = item_of(n) / tiles;
    flash_fp16_split::pack_raw(p, pe, packed, item_of(n) % tiles, bkv, tiles, raw(n), set);
    signal_count(ready + bkv);  // also the barrier before its raw tile and the set are reused
  }
}

// The steps of the pack and of the flash kernel after it, by name: a
// version derives from PackAheadSteps and overrides what it changes.
struct PackAheadSteps : flash_fp16_split::FlashSteps {
  static constexpr bool kAfterPack = true;
  // kRawTiles (v085): raw tiles in flight per pack block.
  static constexpr int kRawTiles = 1;
};

// Two raw tiles in flight (v085) and the lazy rescale (v086): the steps the
// flash versions from v086 on build on.
struct LazyRescaleSteps : PackAheadSteps {
  static constexpr int kRawTiles = 2;
  static constexpr bool kLazyRescale = true;
};

template <class Pe, class Steps = PackAheadSteps>
inline constexpr auto kPackKernel = &pack_ahead_kernel<Pe, Steps::kRawTiles>;
template <class Pe, class Steps = PackAheadSteps>
inline constexpr auto kPackedKernel = flash_fp16_split::kPackedKernel<Pe, Steps>;

// kpe transforms K in the pack, qpe Q in the attention kernel.
template <class Steps = PackAheadSteps, class KPe, class QPe>
inline void launch_with(const AttentionProblem& p, const KPe& kpe, const QPe& qpe, void* workspace,
                        cudaStream_t stream) {
  static_assert(Steps::kAfterPack, "the flash kernel waits for the pack beside it");
  constexpr int kRawTiles = Steps::kRawTiles;
  wgmma_scores::require_sm90a();
  if (p.D != flash_fp16_split::kD)
    throw std::runtime_error("attention v084 is compiled for head_dim 128 only; its limits say so");
  float* packed = static_cast<float*>(workspace);
  unsigned* ready = reinterpret_cast<unsigned*>(static_cast<char*>(workspace) + ready_offset(p));
  constexpr auto pack = kPackKernel<KPe, Steps>;
  constexpr auto kernel = kPackedKernel<QPe, Steps>;
  constexpr std::size_t pack_smem = kPackAheadSmemBytes<kRawTiles>;
  set_max_dynamic_smem(pack, int(pack_smem));
  set_max_dynamic_smem(kernel, int(flash_fp16_split::kSmemBytes));
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(pack, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          cudaSharedmemCarveoutMaxShared));
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          cudaSharedmemCarveoutMaxShared));
  const int items = p.B * p.Hkv * flash_packed_operands::tiles_of(p);
  pack<<<std::min(items, split_d_mma::sm_count()), kPackThreads, pack_smem, stream>>>(p, kpe, packed, ready);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const dim3 grid(unsigned((p.Sq + flash_fp16_split::kBlockRows - 1) / flash_fp16_split::kBlockRows), unsigned(p.B) * p.Hq);
  launch_dependent(kernel, grid, dim3(flash_fp16_split::kThreads), flash_fp16_split::kSmemBytes, stream, p, qpe,
                   static_cast<const float*>(packed), ready);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::pack_beside_flash
