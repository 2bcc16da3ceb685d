// Part flash_packed_operands, first built as attention v063:
// the flash kernel's tile operands prepared once, ahead of
// it. In v054 - v059 every 128-row block converts each K and V tile itself:
// it adds K's PE, splits K and V into tf32 big and small parts and transposes
// V, 8 times per key at Sq = 1024, between block barriers that keep its two
// warpgroups in step (ncu, v059: 2.1 barrier-stall cycles per instruction).
// Here:
//   pack_kernel: one block per (32-key tile, batch x KV head) converts the
//      tile once, with v054's layouts, and writes the operand set (K big,
//      K small, V^T's four parts: 64 KB) contiguously to workspace;
//   packed_kernel: v054's Q prologue, score and P V products and lean
//      softmax, but the operand sets arrive by one bulk copy each into a
//      two-stage ring, their landing counted on mbarriers. The two
//      warpgroups take each stage independently; the second to finish with
//      a stage issues the copy of the set two tiles on into it. So one's
//      softmax can run under the other's products, and there is no block
//      barrier in the tile loop (a warpgroup waits only for its own warps;
//      with kPingPong also for its turn).
// The price: the pack moves ~3x K and V's bytes once (reads K, V; writes
// four parts), and the blocks read 64 KB a tile from L2 instead of 32.
// Hooks transform Q in packed_kernel and K in pack_kernel.
// kPingPong (v064): the warpgroups take turns to issue their products, so
// that each one's softmax runs under the other's products (see v064's file).
// kBigQInRegisters (v065): Q's big part in the A-fragment registers and its
// small part in shared memory, the other way round from v054 (see v065's file).
// kTwoScoreChains (v066): the score products alternate between two
// accumulators, added once they are done (see v066's file).
// Limits: D = 128; any Sq, Sk >= 1; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda/atomic>
#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "kernels/attention/parts/flash_wgmma.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/named_barrier.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/tma.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::flash_packed_operands {

using flash_wgmma::kBlockRows;
using flash_wgmma::kD;
using flash_wgmma::kGroups;
using flash_wgmma::kKeys;
using flash_wgmma::kKFloats;
using flash_wgmma::kLdRaw;
using flash_wgmma::kQFloats;
using flash_wgmma::kRows;
using flash_wgmma::kSplitFloats;
using flash_wgmma::kVFloats;
using flash_wgmma::KLayout;
using flash_wgmma::QLayout;
using flash_wgmma::VLayout;

inline constexpr int kStages = 2;
inline constexpr int kThreads = 128 * kGroups;
inline constexpr unsigned kSetBytes = kSplitFloats * sizeof(float);
inline constexpr int kStageAt = kGroups * kQFloats;
// After the stages: full[kStages] (mbarriers), then done[kStages] (how many
// warpgroups finished with the stage's current set).
inline constexpr int kBarAt = kStageAt + kStages * kSplitFloats;
inline constexpr std::size_t kSmemBytes =
    std::size_t(kBarAt) * sizeof(float) + kStages * (sizeof(std::uint64_t) + sizeof(unsigned));
static_assert(kSmemBytes <= 227 * 1024, "a part of Q per warpgroup and two operand sets fit one block's shared memory");
static_assert(kBlockRows * kLdRaw <= kStages * kSplitFloats, "raw Q is staged where the operand sets go");
static_assert(kSetBytes % 16 == 0 && (kBarAt * sizeof(float)) % 8 == 0, "bulk copies and mbarriers aligned");

__host__ __device__ inline int tiles_of(const AttentionProblem& p) { return (p.Sk + kKeys - 1) / kKeys; }

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return std::size_t(p.B) * p.Hkv * tiles_of(p) * kSetBytes;
}

// Pack: raw tile (v054's raw layout) in shared memory, converted into an
// operand set there with v054's generic (non-lean) index maps, then copied
// out whole. Keys past Sk land as zeros (their scores are masked).
inline constexpr int kPackThreads = 256;
inline constexpr std::size_t kPackSmemBytes = std::size_t(kSplitFloats + 2 * kKeys * kLdRaw) * sizeof(float);

template <class Pe>
__global__ void __launch_bounds__(kPackThreads) pack_kernel(const AttentionProblem p, const Pe pe,
                                                           float* __restrict__ packed) {
  extern __shared__ __align__(128) float smem[];
  float* const set = smem;
  float* const kraw = smem + kSplitFloats;
  float* const vraw = kraw + kKeys * kLdRaw;
  const int tid = threadIdx.x, j = blockIdx.x, bkv = blockIdx.y;
  const float* kbase = p.k + std::size_t(bkv) * p.Sk * kD;
  const float* vbase = p.v + std::size_t(bkv) * p.Sk * kD;
  for (int e = tid; e < kKeys * kD / 4; e += kPackThreads) {
    const int key = e >> 5, c = 4 * (e & 31), kk = j * kKeys + key;
    const bool ok = kk < p.Sk;
    const std::size_t at = std::size_t(ok ? kk : 0) * kD + c;
    cp_async16(kraw + key * kLdRaw + c, kbase + at, ok);
    cp_async16(vraw + key * kLdRaw + c, vbase + at, ok);
  }
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  for (int e = tid; e < kKeys * (kD / 8); e += kPackThreads) {
    const int key = e & (kKeys - 1), i = 4 * (e / kKeys), kk = j * kKeys + key;
    float4 lo = ld4(kraw + key * kLdRaw + i), hi = ld4(kraw + key * kLdRaw + i + kD / 2);
    if (kk < p.Sk) flash_wgmma::apply_pe<Pe, false>(pe, lo, hi, p.k_offset + kk, i);
    flash_wgmma::put_split4<KLayout>(set, set + kKFloats, key, i, lo);
    flash_wgmma::put_split4<KLayout>(set, set + kKFloats, key, i + kD / 2, hi);
  }
  // V^T: key 8 ks + 2 kq + par sits at K index 8 ks + kq + 4 par (v054).
  float* const vt = set + 2 * kKFloats;
  for (int e = tid; e < kKeys * kD; e += kPackThreads) {
    const int dim = e & (kD - 1), key = e / kD;
    const int col = 8 * (key >> 3) + ((key & 7) >> 1) + 4 * (key & 1);
    const int off = VLayout::offset(dim % 64, col);
    std::uint32_t big, small;
    split_tf32<flash_wgmma::kSplit>(vraw[key * kLdRaw + dim], big, small);
    vt[(dim / 64) * kVFloats + off] = __uint_as_float(big);
    vt[(2 + dim / 64) * kVFloats + off] = __uint_as_float(small);
  }
  __syncthreads();
  float* dst = packed + (std::size_t(bkv) * gridDim.x + j) * kSplitFloats;
  for (int e = tid; e < kSplitFloats / 4; e += kPackThreads) st4(dst + 4 * e, ld4(set + 4 * e));
}

// Named barriers: 1 + wg, a warpgroup's own four warps; kTurn + wg, its
// turn to issue products (kPingPong).
inline constexpr unsigned kTurn = 1 + kGroups;

// x's small tf32 parts (x minus its big part).
__device__ __forceinline__ float4 small_part4(float4 x) {
  std::uint32_t b, s[4];
  split_tf32<flash_wgmma::kSplit>(x.x, b, s[0]);
  split_tf32<flash_wgmma::kSplit>(x.y, b, s[1]);
  split_tf32<flash_wgmma::kSplit>(x.z, b, s[2]);
  split_tf32<flash_wgmma::kSplit>(x.w, b, s[3]);
  return make_float4(__uint_as_float(s[0]), __uint_as_float(s[1]), __uint_as_float(s[2]), __uint_as_float(s[3]));
}

template <class Pe, bool kPingPong = false, bool kBigQInRegisters = false, bool kTwoScoreChains = false>
__global__ void __launch_bounds__(kThreads, 1)
    packed_kernel(const AttentionProblem p, const Pe pe, const float* __restrict__ packed) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  const int tid = threadIdx.x, wg = tid >> 7, warp = (tid >> 5) & 3, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int bh = blockIdx.y, h = bh % p.Hq, b = bh / p.Hq, kvh = h / (p.Hq / p.Hkv);
  const int row0 = blockIdx.x * kBlockRows;
  const int head_tiles = tiles_of(p);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD;
  const float* sets = packed + std::size_t(b * p.Hkv + kvh) * head_tiles * kSplitFloats;
  float* obase = p.out + std::size_t(bh) * p.Sq * kD;
  float* const stages = smem + kStageAt;
  std::uint64_t* const full = reinterpret_cast<std::uint64_t*>(smem + kBarAt);
  unsigned* const done = reinterpret_cast<unsigned*>(full + kStages);

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(full + s, 1);
      done[s] = 0;
    }
    fence_mbarrier_init();
  }
  // ---- Q (v054's prologue): the PE applied, one part (big; small with
  // kBigQInRegisters) to shared memory, raw copy staged where the operand
  // sets go.
  {
    for (int e = tid; e < kBlockRows * (kD / 8); e += kThreads) {
      int r, i;
      float4 lo, hi;
      flash_wgmma::load_q_quad(pe, p, qbase, row0, e, r, i, lo, hi);
      float* const qt = smem + (r / kRows) * kQFloats;
      if constexpr (kBigQInRegisters) {
        st4(qt + QLayout::offset(r % kRows, i), small_part4(lo));
        st4(qt + QLayout::offset(r % kRows, i + kD / 2), small_part4(hi));
      } else {
        flash_wgmma::put_split4<QLayout>(qt, nullptr, r % kRows, i, lo);
        flash_wgmma::put_split4<QLayout>(qt, nullptr, r % kRows, i + kD / 2, hi);
      }
      st4(stages + r * kLdRaw + i, lo);
      st4(stages + r * kLdRaw + i + kD / 2, hi);
    }
  }
  fence_proxy_async_shared();
  __syncthreads();
  // The other part of Q in A-fragment registers, k-step by k-step.
  std::uint32_t qreg[kD / 8][4];
  {
    const float* st = stages + (kRows * wg + 16 * warp) * kLdRaw;
#pragma unroll
    for (int s = 0; s < kD / 8; ++s) {
      std::uint32_t big[4], small[4];
      flash_wgmma::q_fragment_split(st, s, g, t, big, small);
#pragma unroll
      for (int i = 0; i < 4; ++i) qreg[s][i] = kBigQInRegisters ? big[i] : small[i];
    }
  }
  __syncthreads();  // the staging area is free for the operand sets

  const int last_row = min(p.Sq, row0 + kBlockRows) - 1;
  const int kv_end = p.causal ? max(0, min(p.Sk, p.q_offset + last_row - p.k_offset + 1)) : p.Sk;
  const int tiles = (kv_end + kKeys - 1) / kKeys;

  // Set j goes to stage j % kStages.
  auto issue = [&](int j) {
    const int s = j % kStages;
    mbarrier_expect_tx(full + s, kSetBytes);
    bulk_load(stages + s * kSplitFloats, sets + std::size_t(j) * kSplitFloats, kSetBytes, full + s);
  };
  if (tid == 0) {
    fence_proxy_async_shared();  // the staging reads come before the copies' writes
    for (int j = 0; j < min(tiles, kStages); ++j) issue(j);
  }

  float o[2][32];
#pragma unroll
  for (int i = 0; i < 32; ++i) o[0][i] = o[1][i] = 0.f;
  float m[2] = {-INFINITY, -INFINITY}, l[2] = {0.f, 0.f};
  const int qrow = row0 + kRows * wg + 16 * warp + g;
  const std::uint64_t q_desc = QLayout::desc(smem + wg * kQFloats, 0);
  const std::uint64_t kb_desc = KLayout::desc(stages, 0);
  const std::uint64_t ks_desc = KLayout::desc(stages + kKFloats, 0);
  std::uint64_t v_desc[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) v_desc[i] = VLayout::desc(stages + 2 * kKFloats + i * kVFloats, 0);
  // Turns alternate: warpgroup 0's scores, 1's scores, 0's P V, 1's P V, ...
  // A warpgroup waits for its turn, issues, and hands the turn over: the
  // products are issued in that order (the premise: the tensor cores then
  // run them in that order).
  auto take_turn = [&] {
    if constexpr (kPingPong) named_barrier_sync(kTurn + wg, kThreads);
  };
  auto hand_over = [&] {
    if constexpr (kPingPong) named_barrier_arrive(kTurn + (1 - wg), kThreads);
  };
  static_assert(!kPingPong || kGroups == 2, "turns between two warpgroups");
  if (kPingPong && wg == 1 && tiles > 0) hand_over();  // warpgroup 0 goes first

  for (int j = 0; j < tiles; ++j) {
    const int s = j % kStages;
    const std::uint64_t set_shift = std::uint64_t(s * (kSplitFloats / 4));
    mbarrier_wait(full + s, (j / kStages) & 1);

    // Scores, 3xTF32 (small terms first). kTwoScoreChains: product n of
    // the tile's 48 goes to sc (n even) or sc2 (n odd).
    float sc[16], sc2[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) sc[i] = sc2[i] = 0.f;
    auto chain = [&](int n) -> float(&)[16] { return kTwoScoreChains && (n & 1) ? sc2 : sc; };
    wgmma_fence_operands(sc);
    if constexpr (kTwoScoreChains) wgmma_fence_operands(sc2);
    take_turn();
    wgmma_fence();
#pragma unroll
    for (int k = 0; k < kD / 8; ++k) {
      const std::uint64_t qd = QLayout::desc_step(q_desc, k);
      const std::uint64_t kb = KLayout::desc_step(kb_desc + set_shift, k);
      const std::uint64_t ksd = KLayout::desc_step(ks_desc + set_shift, k);
      if constexpr (kBigQInRegisters) {
        wgmma_m64n32k8_tf32(chain(3 * k), qd, kb);               // Qs Kb
        wgmma_m64n32k8_tf32_ra(chain(3 * k + 1), qreg[k], ksd);  // Qb Ks
        wgmma_m64n32k8_tf32_ra(chain(3 * k + 2), qreg[k], kb);   // Qb Kb
      } else {
        wgmma_m64n32k8_tf32_ra(chain(3 * k), qreg[k], kb);
        wgmma_m64n32k8_tf32(chain(3 * k + 1), qd, ksd);
        wgmma_m64n32k8_tf32(chain(3 * k + 2), qd, kb);
      }
    }
    wgmma_commit();
    hand_over();
    wgmma_wait<0>();
    wgmma_fence_operands(sc);
    if constexpr (kTwoScoreChains) {
      wgmma_fence_operands(sc2);
#pragma unroll
      for (int i = 0; i < 16; ++i) sc[i] += sc2[i];
    }

    flash_wgmma::lean_softmax(sc, m, l, o, p, j, qrow, row0, t);

    // P V.
    std::uint32_t pb[kKeys / 8][4], ps[kKeys / 8][4];
    flash_wgmma::p_fragments(sc, pb, ps);
    wgmma_fence_operands(o[0]);
    wgmma_fence_operands(o[1]);
    take_turn();
    wgmma_fence();
#pragma unroll
    for (int jj = 0; jj < kKeys / 8; ++jj)
#pragma unroll
      for (int half = 0; half < 2; ++half) {
        const std::uint64_t vb = VLayout::desc_step(v_desc[half] + set_shift, jj);
        const std::uint64_t vs = VLayout::desc_step(v_desc[2 + half] + set_shift, jj);
        flash_wgmma::pv_step(o[half], pb[jj], ps[jj], vb, vs);
      }
    wgmma_commit();
    hand_over();
    wgmma_wait<0>();
    flash_wgmma::fence_pv_operands(pb, ps, o);
    // The warpgroup is done with stage s; the second to get here refills it.
    // acq_rel: the first warpgroup's finished reads of the stage happen
    // before the second's refill (a relaxed count would order them only
    // through the hardware's wgmma wait, not by the memory model).
    named_barrier_sync(1 + wg, 128);
    if ((tid & 127) == 0 &&
        cuda::atomic_ref<unsigned, cuda::thread_scope_block>(done[s]).fetch_add(1u, cuda::memory_order_acq_rel) ==
            kGroups - 1) {
      atomicExch(done + s, 0u);
      if (j + kStages < tiles) issue(j + kStages);
    }
  }
  if (kPingPong && wg == 0 && tiles > 0) take_turn();  // warpgroup 1's last hand-over

  flash_wgmma::store_o(o, l, obase, qrow, p.Sq, t);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe>
inline constexpr auto kPackKernel = &pack_kernel<Pe>;
template <class Pe, bool kPingPong = false, bool kBigQInRegisters = false, bool kTwoScoreChains = false>
inline constexpr auto kPackedKernel = &packed_kernel<Pe, kPingPong, kBigQInRegisters, kTwoScoreChains>;

// kpe transforms K in the pack, qpe Q in the attention kernel.
template <bool kPingPong = false, bool kBigQInRegisters = false, bool kTwoScoreChains = false, class KPe,
          class QPe>
inline void launch_with(const AttentionProblem& p, const KPe& kpe, const QPe& qpe, void* workspace,
                        cudaStream_t stream) {
  wgmma_scores::require_sm90a();
  if (p.D != kD)
    throw std::runtime_error("attention v063 is compiled for head_dim 128 only; its limits say so");
  float* packed = static_cast<float*>(workspace);
  constexpr auto pack = kPackKernel<KPe>;
  set_max_dynamic_smem(pack, int(kPackSmemBytes));
  pack<<<dim3(unsigned(tiles_of(p)), unsigned(p.B) * p.Hkv), kPackThreads, kPackSmemBytes, stream>>>(p, kpe, packed);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  constexpr auto kernel = kPackedKernel<QPe, kPingPong, kBigQInRegisters, kTwoScoreChains>;
  set_max_dynamic_smem(kernel, int(kSmemBytes));
  const dim3 grid(unsigned((p.Sq + kBlockRows - 1) / kBlockRows), unsigned(p.B) * p.Hq);
  kernel<<<grid, kThreads, kSmemBytes, stream>>>(p, qpe, packed);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::flash_packed_operands
