// Part flash_fp16_split, first built as attention v083:
// v066's packed flash kernel with every product on fp16
// parts (3xFP16, kernels/common/wgmma_f16.cuh) instead of tf32 parts. At
// 8x16x1024x128 v066's tensor pipe is ~75 % busy: there the products, not
// the bytes, set the time, and fp16 multiplies at twice tf32's dense rate
// with the same 11 significant bits.
//   pack_kernel: as v063's, one block per (32-key tile, batch x KV head),
//      but the operand set is fp16: K big and small (B of the scores, keys
//      as rows, 8 k-steps of 16 dims) and V^T's four parts (B of P V, dims
//      as rows, 2 k-steps of 16 keys, keys in order): 32 KB a tile, half of
//      v063's 64 KB, so the blocks also pull half the bytes from L2.
//   packed_kernel: v063's ring (two stages, bulk copies on mbarriers, the
//      second warpgroup done with a stage refills it), its ping-pong turns
//      and two score chains. Q's big and small parts both live in A-fragment
//      registers (8 k-steps x 4 x 2: the 64 registers v066 spends on one tf32
//      part), so Q takes no shared memory. A tile is 24 score products
//      (m64n32k16) and 12 P V products (m64n64k16), against v066's 48 and 24.
//      The score accumulator's pairs (keys 2t, 2t + 1) are exactly the fp16
//      A fragment's, so P needs no key permutation.
// Error: as 3xTF32 (~2^-22 relative a product) while |values| < 65504; a
// part below fp16's normal range (|x| < 0.125) rounds to 2^-25 absolute.
// Limits: D = 128; any Sq, Sk >= 1; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda/atomic>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "kernels/attention/parts/flash_wgmma.cuh"
#include "kernels/attention/parts/flash_packed_operands.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/named_barrier.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/tma.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_f16.cuh"

namespace fuselab::kernels::attention::flash_fp16_split {

using flash_wgmma::kBlockRows;
using flash_wgmma::kD;
using flash_wgmma::kGroups;
using flash_wgmma::kKeys;
using flash_wgmma::kLdRaw;
using flash_wgmma::kRows;
using flash_packed_operands::kStages;
using flash_packed_operands::kThreads;
using flash_packed_operands::kTurn;

using KHalves = HalfCoreLayout<256, 64, 32>;  // B of S: 32 keys x 128 dims (8 k-steps of 16)
using VHalves = HalfCoreLayout<512, 64, 32>;  // B of P V: 64 dims x 32 keys (2 k-steps), per half of D

inline constexpr int kKFloats = (kD / 16) * KHalves::kStep;     // one part of K
inline constexpr int kVFloats = (kKeys / 16) * VHalves::kStep;  // one part of one half of V^T
// A tile's operand set: K big, K small, V^T [part (0 big, 1 small)][half].
inline constexpr int kSetFloats = 2 * kKFloats + 4 * kVFloats;
inline constexpr unsigned kSetBytes = kSetFloats * sizeof(float);
// Shared memory: the stages (raw Q staged there first), then full[kStages]
// (mbarriers) and done[kStages] (warpgroups finished with the stage's set).
inline constexpr int kBarAt =
    kStages * kSetFloats > kBlockRows * kLdRaw ? kStages * kSetFloats : kBlockRows * kLdRaw;
inline constexpr std::size_t kSmemBytes =
    std::size_t(kBarAt) * sizeof(float) + kStages * (sizeof(std::uint64_t) + sizeof(unsigned));
static_assert(kSetBytes % 16 == 0 && (kBarAt * sizeof(float)) % 8 == 0, "bulk copies and mbarriers aligned");

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return std::size_t(p.B) * p.Hkv * flash_packed_operands::tiles_of(p) * kSetBytes;
}

// fp16 pair at half offset `at` of tile.
__device__ __forceinline__ void put_half2(float* tile, int at, std::uint32_t bits) {
  *reinterpret_cast<std::uint32_t*>(reinterpret_cast<__half*>(tile) + at) = bits;
}

// Pack: the raw tile lands as in v063's pack, then becomes the fp16 set.
inline constexpr int kPackThreads = flash_packed_operands::kPackThreads;
inline constexpr int kRawTileFloats = 2 * kKeys * kLdRaw;  // one raw tile: K, then V
inline constexpr std::size_t kPackSmemBytes = std::size_t(kSetFloats + kRawTileFloats) * sizeof(float);

// The pack's shared memory: the set, then one raw tile (v085: two).
// load_raw: tile j of batch x KV head bkv put in flight into raw (one
// cp.async group). pack_raw: that tile, landed and visible to the block,
// converted into the set and stored as set j of the head (head_tiles a
// head); raw and the set are free again once the block's next barrier passes.
__device__ __forceinline__ void load_raw(const AttentionProblem& p, int j, int bkv, float* raw) {
  float* const kraw = raw;
  float* const vraw = raw + kKeys * kLdRaw;
  const float* kbase = p.k + std::size_t(bkv) * p.Sk * kD;
  const float* vbase = p.v + std::size_t(bkv) * p.Sk * kD;
  for (int e = threadIdx.x; e < kKeys * kD / 4; e += kPackThreads) {
    const int key = e >> 5, c = 4 * (e & 31), kk = j * kKeys + key;
    const bool ok = kk < p.Sk;
    const std::size_t at = std::size_t(ok ? kk : 0) * kD + c;
    cp_async16(kraw + key * kLdRaw + c, kbase + at, ok);
    cp_async16(vraw + key * kLdRaw + c, vbase + at, ok);
  }
  cp_async_commit();
}

template <class Pe>
__device__ __forceinline__ void pack_raw(const AttentionProblem& p, const Pe& pe, float* packed, int j, int bkv,
                                         int head_tiles, const float* raw, float* set) {
  const float* const kraw = raw;
  const float* const vraw = raw + kKeys * kLdRaw;
  const int tid = threadIdx.x;
  // K: dims i..i+3 and i + 64.. of one key, the hook applied (keys past Sk
  // stay zero: their scores are masked).
  for (int e = tid; e < kKeys * (kD / 8); e += kPackThreads) {
    const int key = e & (kKeys - 1), i = 4 * (e / kKeys), kk = j * kKeys + key;
    float4 lo = ld4(kraw + key * kLdRaw + i), hi = ld4(kraw + key * kLdRaw + i + kD / 2);
    if (kk < p.Sk) flash_wgmma::apply_pe<Pe, false>(pe, lo, hi, p.k_offset + kk, i);
    put_split_f16(set, set + kKFloats, KHalves::offset_halves(key, i), lo);
    put_split_f16(set, set + kKFloats, KHalves::offset_halves(key, i + kD / 2), hi);
  }
  // V^T: keys 2 kp and 2 kp + 1 of one dim, one fp16 pair per part.
  float* const vt = set + 2 * kKFloats;
  for (int e = tid; e < (kKeys / 2) * kD; e += kPackThreads) {
    const int dim = e & (kD - 1), key = 2 * (e / kD);
    std::uint32_t big, small;
    split_f16x2(vraw[key * kLdRaw + dim], vraw[(key + 1) * kLdRaw + dim], big, small);
    const int at = VHalves::offset_halves(dim % 64, key);
    put_half2(vt + (dim / 64) * kVFloats, at, big);
    put_half2(vt + (2 + dim / 64) * kVFloats, at, small);
  }
  __syncthreads();
  float* dst = packed + (std::size_t(bkv) * head_tiles + j) * kSetFloats;
  for (int e = tid; e < kSetFloats / 4; e += kPackThreads) st4(dst + 4 * e, ld4(set + 4 * e));
}

template <class Pe>
__global__ void __launch_bounds__(kPackThreads) pack_kernel(const AttentionProblem p, const Pe pe,
                                                           float* __restrict__ packed) {
  extern __shared__ __align__(128) float smem[];
  float* const raw = smem + kSetFloats;
  load_raw(p, blockIdx.x, blockIdx.y, raw);
  cp_async_wait<0>();
  __syncthreads();
  pack_raw(p, pe, packed, blockIdx.x, blockIdx.y, gridDim.x, raw, smem);
}

// The A fragment of k-step s (dims 16s..16s+15) for a warp's 16 rows staged
// raw at st (row stride kLdRaw), split into fp16 parts: a0 (g, 2t..2t+1),
// a1 (g + 8, 2t..), a2 (g, 2t+8..2t+9), a3 (g + 8, 2t+8..).
__device__ __forceinline__ void q_fragment_f16(const float* st, int s, int g, int t, std::uint32_t (&big)[4],
                                               std::uint32_t (&small)[4]) {
  const float* r0 = st + g * kLdRaw + 16 * s + 2 * t;
  const float* r8 = r0 + 8 * kLdRaw;
  const float2 a[4] = {ld2(r0), ld2(r8), ld2(r0 + 8), ld2(r8 + 8)};
#pragma unroll
  for (int i = 0; i < 4; ++i) split_f16x2(a[i].x, a[i].y, big[i], small[i]);
}

// v086: v054's lean softmax with the row maxima moved lazily. A warp keeps
// the maxima it scales by (m) until some row's tile maximum exceeds its m by
// more than kSlack (log2 units), or a row sees its first visible key; only
// then are m, l and O moved. In between, p = 2^(s c - m) <= 2^kSlack, which
// fp32 sums and fp16 parts hold at the same relative precision. The count
// of moves per warp and tile is v086's file's.
inline constexpr float kSlack = 8.f;

__device__ __forceinline__ void lazy_softmax(float (&sc)[16], float (&m)[2], float (&l)[2], float (&o)[2][32],
                                             const AttentionProblem& p, int j, int qrow, int row0, int t) {
  float tmax[2];
  const bool full = flash_wgmma::scale_and_mask(sc, tmax, p, j, qrow, row0, t);
#pragma unroll
  for (int x = 0; x < 2; ++x) {
    tmax[x] = fmaxf(tmax[x], __shfl_xor_sync(0xffffffffu, tmax[x], 1));
    tmax[x] = fmaxf(tmax[x], __shfl_xor_sync(0xffffffffu, tmax[x], 2));
  }
  // -INFINITY + kSlack is -INFINITY: a row's first visible key moves it.
  if (__any_sync(0xffffffffu, tmax[0] > m[0] + kSlack || tmax[1] > m[1] + kSlack)) {
    float alpha[2];
#pragma unroll
    for (int x = 0; x < 2; ++x) {
      const float m_new = fmaxf(m[x], tmax[x]);
      alpha[x] = m_new == -INFINITY ? 1.f : exp2f(m[x] - m_new);
      m[x] = m_new;
      l[x] *= alpha[x];
    }
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      o[0][i] *= alpha[(i >> 1) & 1];
      o[1][i] *= alpha[(i >> 1) & 1];
    }
  }
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const int x = (i >> 1) & 1;
    sc[i] = (full || m[x] != -INFINITY) ? exp2f(sc[i] - m[x]) : 0.f;
    l[x] += sc[i];
  }
}

// The flash kernel's steps, by name: packed_kernel takes a policy, a struct
// that derives from FlashSteps and overrides what it changes.
struct FlashSteps {
  // kAfterPack (v084): the pack runs beside this kernel, and `ready` holds a
  // count per batch x KV head: +1 for each tile packed, then +1 for each
  // block of this kernel that has seen the head complete. A block waits for
  // its head's tiles before its first copy; the head's last reader sets the
  // count back to zero for the next launch.
  static constexpr bool kAfterPack = false;
  // kLazyRescale (v086): lazy_softmax instead of v054's lean one.
  static constexpr bool kLazyRescale = false;
  // kRolledQ (v087): Q's prologue loop kept rolled (see v087's file).
  static constexpr bool kRolledQ = false;
  // kTurns (v064): the two warpgroups take turns at the tensor pipe (v088: none).
  static constexpr bool kTurns = true;
};

template <class Pe, class Steps = FlashSteps>
__global__ void __launch_bounds__(kThreads, 1)
    packed_kernel(const AttentionProblem p, const Pe pe, const float* __restrict__ packed, unsigned* ready) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr bool kAfterPack = Steps::kAfterPack, kLazyRescale = Steps::kLazyRescale;
  constexpr bool kRolledQ = Steps::kRolledQ, kTurns = Steps::kTurns;
  extern __shared__ __align__(128) float smem[];
  const int tid = threadIdx.x, wg = tid >> 7, warp = (tid >> 5) & 3, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int bh = blockIdx.y, h = bh % p.Hq, b = bh / p.Hq, kvh = h / (p.Hq / p.Hkv);
  const int row0 = blockIdx.x * kBlockRows;
  const int head_tiles = flash_packed_operands::tiles_of(p);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD;
  const float* sets = packed + std::size_t(b * p.Hkv + kvh) * head_tiles * kSetFloats;
  float* obase = p.out + std::size_t(bh) * p.Sq * kD;
  float* const stages = smem;
  std::uint64_t* const full = reinterpret_cast<std::uint64_t*>(smem + kBarAt);
  unsigned* const done = reinterpret_cast<unsigned*>(full + kStages);

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(full + s, 1);
      done[s] = 0;
    }
    fence_mbarrier_init();
  }
  // ---- Q: the hook applied, staged raw where the sets go, then both fp16
  // parts into A-fragment registers.
  // The default branch is the loop as v083-v086 were built (a loop body
  // shared by both branches changed their compiled code).
  if constexpr (kRolledQ) {
#pragma unroll 1
    for (int e = tid; e < kBlockRows * (kD / 8); e += kThreads) {
      int r, i;
      float4 lo, hi;
      flash_wgmma::load_q_quad(pe, p, qbase, row0, e, r, i, lo, hi);
      st4(stages + r * kLdRaw + i, lo);
      st4(stages + r * kLdRaw + i + kD / 2, hi);
    }
  } else {
    for (int e = tid; e < kBlockRows * (kD / 8); e += kThreads) {
      int r, i;
      float4 lo, hi;
      flash_wgmma::load_q_quad(pe, p, qbase, row0, e, r, i, lo, hi);
      st4(stages + r * kLdRaw + i, lo);
      st4(stages + r * kLdRaw + i + kD / 2, hi);
    }
  }
  __syncthreads();
  std::uint32_t qb[kD / 16][4], qs[kD / 16][4];
  {
    const float* st = stages + (kRows * wg + 16 * warp) * kLdRaw;
#pragma unroll
    for (int s = 0; s < kD / 16; ++s) q_fragment_f16(st, s, g, t, qb[s], qs[s]);
  }
  __syncthreads();  // the staging area is free for the operand sets

  const int last_row = min(p.Sq, row0 + kBlockRows) - 1;
  const int kv_end = p.causal ? max(0, min(p.Sk, p.q_offset + last_row - p.k_offset + 1)) : p.Sk;
  const int tiles = (kv_end + kKeys - 1) / kKeys;

  // Set j goes to stage j % kStages.
  auto issue = [&](int j) {
    const int s = j % kStages;
    mbarrier_expect_tx(full + s, kSetBytes);
    bulk_load(stages + s * kSetFloats, sets + std::size_t(j) * kSetFloats, kSetBytes, full + s);
  };
  if constexpr (kAfterPack) {
    const int bkv = b * p.Hkv + kvh;
    wait_for_count(ready + bkv, unsigned(head_tiles));
    if (tid == 0) {
      fence_proxy_async_global();  // the pack's stores come before the copies' reads
      const unsigned readers = gridDim.x * unsigned(p.Hq / p.Hkv);
      if (atomicAdd(ready + bkv, 1u) == unsigned(head_tiles) + readers - 1) ready[bkv] = 0u;
    }
  }
  if (tid == 0) {
    fence_proxy_async_shared();  // the staging reads come before the copies' writes
    for (int j = 0; j < min(tiles, kStages); ++j) issue(j);
  }

  float o[2][32];
#pragma unroll
  for (int i = 0; i < 32; ++i) o[0][i] = o[1][i] = 0.f;
  float m[2] = {-INFINITY, -INFINITY}, l[2] = {0.f, 0.f};
  const int qrow = row0 + kRows * wg + 16 * warp + g;
  const std::uint64_t kb_desc = KHalves::desc(stages, 0);
  const std::uint64_t ks_desc = KHalves::desc(stages + kKFloats, 0);
  std::uint64_t v_desc[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) v_desc[i] = VHalves::desc(stages + 2 * kKFloats + i * kVFloats, 0);
  // v064's turns: warpgroup 0's scores, 1's scores, 0's P V, 1's P V, ...
  // Without kTurns (v088) each warpgroup issues its products when ready.
  auto take_turn = [&] {
    if constexpr (kTurns) named_barrier_sync(kTurn + wg, kThreads);
  };
  auto hand_over = [&] {
    if constexpr (kTurns) named_barrier_arrive(kTurn + (1 - wg), kThreads);
  };
  static_assert(kGroups == 2, "turns between two warpgroups");
  if (kTurns && wg == 1 && tiles > 0) hand_over();  // warpgroup 0 goes first

  for (int j = 0; j < tiles; ++j) {
    const int s = j % kStages;
    const std::uint64_t set_shift = std::uint64_t(s * (kSetFloats / 4));
    mbarrier_wait(full + s, (j / kStages) & 1);

    // Scores, 3xFP16 (small terms first), product n into sc (n even) or
    // sc2 (n odd) as in v066.
    float sc[16], sc2[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) sc[i] = sc2[i] = 0.f;
    wgmma_fence_operands(sc);
    wgmma_fence_operands(sc2);
    take_turn();
    wgmma_fence();
#pragma unroll
    for (int k = 0; k < kD / 16; ++k) {
      const std::uint64_t kb = KHalves::desc_step(kb_desc + set_shift, k);
      const std::uint64_t ksd = KHalves::desc_step(ks_desc + set_shift, k);
      wgmma_m64n32k16_f16_ra((3 * k) & 1 ? sc2 : sc, qs[k], kb);      // Qs Kb
      wgmma_m64n32k16_f16_ra((3 * k + 1) & 1 ? sc2 : sc, qb[k], ksd);  // Qb Ks
      wgmma_m64n32k16_f16_ra((3 * k + 2) & 1 ? sc2 : sc, qb[k], kb);   // Qb Kb
    }
    wgmma_commit();
    hand_over();
    wgmma_wait<0>();
    wgmma_fence_operands(sc);
    wgmma_fence_operands(sc2);
#pragma unroll
    for (int i = 0; i < 16; ++i) sc[i] += sc2[i];

    if constexpr (kLazyRescale) lazy_softmax(sc, m, l, o, p, j, qrow, row0, t);
    else flash_wgmma::lean_softmax(sc, m, l, o, p, j, qrow, row0, t);

    // P V: k-step kk's A fragment is registers 8kk..8kk+7 in pairs.
    std::uint32_t pb[kKeys / 16][4], ps[kKeys / 16][4];
#pragma unroll
    for (int kk = 0; kk < kKeys / 16; ++kk)
#pragma unroll
      for (int i = 0; i < 4; ++i) split_f16x2(sc[8 * kk + 2 * i], sc[8 * kk + 2 * i + 1], pb[kk][i], ps[kk][i]);
    wgmma_fence_operands(o[0]);
    wgmma_fence_operands(o[1]);
    take_turn();
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < kKeys / 16; ++kk)
#pragma unroll
      for (int half = 0; half < 2; ++half) {
        const std::uint64_t vb = VHalves::desc_step(v_desc[half] + set_shift, kk);
        const std::uint64_t vs = VHalves::desc_step(v_desc[2 + half] + set_shift, kk);
        wgmma_m64n64k16_f16_ra(o[half], ps[kk], vb);
        wgmma_m64n64k16_f16_ra(o[half], pb[kk], vs);
        wgmma_m64n64k16_f16_ra(o[half], pb[kk], vb);
      }
    wgmma_commit();
    hand_over();
    wgmma_wait<0>();
#pragma unroll
    for (int kk = 0; kk < kKeys / 16; ++kk) {
      wgmma_fence_operands(pb[kk]);
      wgmma_fence_operands(ps[kk]);
    }
    wgmma_fence_operands(o[0]);
    wgmma_fence_operands(o[1]);
    // The warpgroup is done with stage s; the second to get here refills it
    // (acq_rel, as in v063).
    named_barrier_sync(1 + wg, 128);
    if ((tid & 127) == 0 &&
        cuda::atomic_ref<unsigned, cuda::thread_scope_block>(done[s]).fetch_add(1u, cuda::memory_order_acq_rel) ==
            kGroups - 1) {
      atomicExch(done + s, 0u);
      if (j + kStages < tiles) issue(j + kStages);
    }
  }
  if (kTurns && wg == 0 && tiles > 0) take_turn();  // warpgroup 1's last hand-over

  flash_wgmma::store_o(o, l, obase, qrow, p.Sq, t);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe>
inline constexpr auto kPackKernel = &pack_kernel<Pe>;
template <class Pe, class Steps = FlashSteps>
inline constexpr auto kPackedKernel = &packed_kernel<Pe, Steps>;

// kpe transforms K in the pack, qpe Q in the attention kernel.
template <class KPe, class QPe>
inline void launch_with(const AttentionProblem& p, const KPe& kpe, const QPe& qpe, void* workspace,
                        cudaStream_t stream) {
  wgmma_scores::require_sm90a();
  if (p.D != kD)
    throw std::runtime_error("attention v083 is compiled for head_dim 128 only; its limits say so");
  float* packed = static_cast<float*>(workspace);
  constexpr auto pack = kPackKernel<KPe>;
  set_max_dynamic_smem(pack, int(kPackSmemBytes));
  pack<<<dim3(unsigned(flash_packed_operands::tiles_of(p)), unsigned(p.B) * p.Hkv), kPackThreads, kPackSmemBytes, stream>>>(
      p, kpe, packed);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  constexpr auto kernel = kPackedKernel<QPe>;
  set_max_dynamic_smem(kernel, int(kSmemBytes));
  const dim3 grid(unsigned((p.Sq + kBlockRows - 1) / kBlockRows), unsigned(p.B) * p.Hq);
  kernel<<<grid, kThreads, kSmemBytes, stream>>>(p, qpe, packed, nullptr);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::flash_fp16_split
