// Part wgmma_scores, first built as attention v017:
// v014 with phase 1's products on the tensor cores through
// warpgroup MMA (wgmma, sm_90a) at fp32 accuracy (3xTF32,
// kernels/common/wgmma_tf32.cuh). From v013/v014's ncu profiles at
// D = 16384: phase 1 is bound by issuing its 268 M SIMT FMAs (FMA pipe 42 %,
// issue 54 %, 28.7 us), not by its 33.5 MB of DRAM reads (~12 us at copy
// bandwidth). The earlier mma.sync versions (v007-v011) split every fragment
// element in registers for each mma and ran no faster; here each element is
// split once, as it lands, and one wgmma m64n64k8 covers the block's whole
// 64x64 score tile per 8 dims.
//   phase 1: v006's loader (registers, PE hook, prefetch of the next
//            sub-tile); the landed values are split into tf32 big and small
//            parts and stored in wgmma's no-swizzle K-major layout (Q big,
//            Q small, K big, K small; double-buffered, 64 KB); 256 threads =
//            two warpgroups, warpgroup w runs the three products of k-steps
//            2w and 2w+1 of each 32-dim sub-tile on the block's 64x64
//            accumulator; at the end warpgroup 1's accumulator is added to
//            warpgroup 0's through shared memory and stored.
//   phases 2 and 3: v014's (a block per score row; v013's or v006's P V).
// Needs a build for sm_90a (FUSELAB_SM90A); elsewhere the launch throws.
// Limits: as v013. Workspace: v013's.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_f16.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::wgmma_scores {

using split_d::kS;
using split_d::kSub1;
using split_d::kThreads;

// One operand tile (64 rows x 32 dims) in Layout; a buffer holds Q big, Q
// small, K big, K small; two buffers. A layout of fp16 parts (HasHalves,
// attention v081) takes 16 dims a k-step.
template <class Layout>
inline constexpr int kTileFloats = Layout::kStep * (kSub1 / (HasHalves<Layout>::value ? 16 : 8));
template <class Layout>
inline constexpr int kBufferFloats = 4 * kTileFloats<Layout>;
template <class Layout>
inline constexpr std::size_t kSmemBytes = 2 * kBufferFloats<Layout> * sizeof(float);
static_assert(kSmemBytes<DenseCores64> >= kS * kS * sizeof(float), "the final reduction fits");

// Dims [d0, d1) of head bh's V rows into L2, a key per thread (v021's
// prefetch; v025 and v026 share it).
__device__ __forceinline__ void prefetch_v_dims(const AttentionProblem& p, int bh, int d0, int d1) {
  const int h = bh % p.Hq, b = bh / p.Hq, key = threadIdx.x;
  if (key >= p.Sk || d0 >= d1) return;
  prefetch_l2(p.v + (std::size_t(b * p.Hkv + h / (p.Hq / p.Hkv)) * p.Sk + key) * p.D + d0, d1 - d0);
}

// Share `mine` of head bh's V into L2, its dims cut into `shares` runs of
// whole 16-byte pieces (v089 and v092 deal the shares out).
__device__ __forceinline__ void prefetch_v_share(const AttentionProblem& p, int bh, int mine, int shares) {
  const int share = 4 * ((p.D + 4 * shares - 1) / (4 * shares));
  const int d0 = mine * share;
  prefetch_v_dims(p, bh, d0, min(p.D, d0 + share));
}

// Dims [d0, d1) of head bh's Q and K rows into L2, a row per thread of the
// first 128 (v036: phase 1's own rows, requested at once).
__device__ __forceinline__ void prefetch_qk_dims(const AttentionProblem& p, int bh, int d0, int d1) {
  const int h = bh % p.Hq, b = bh / p.Hq, t = threadIdx.x, row = t & 63;
  if (t >= 128 || d0 >= d1) return;
  if (t < 64) {
    if (row < p.Sq) prefetch_l2(p.q + (std::size_t(bh) * p.Sq + row) * p.D + d0, d1 - d0);
  } else if (row < p.Sk) {
    prefetch_l2(p.k + (std::size_t(b * p.Hkv + h / (p.Hq / p.Hkv)) * p.Sk + row) * p.D + d0, d1 - d0);
  }
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// A landed float4 of (is_q, row, sub-tile column) split into tf32 big and
// small parts in a buffer (Q big, Q small, K big, K small; v025 shares it).
// With a layout of fp16 parts, kSplit does not apply (wgmma_f16.cuh).
template <class Layout, Tf32Split kSplit = Tf32Split::kRound>
__device__ __forceinline__ void put_split(float* buf, bool is_q, int row, int col, float4 v) {
  constexpr int kTile = kTileFloats<Layout>;
  float* big = buf + (is_q ? 0 : 2 * kTile);
  if constexpr (HasHalves<Layout>::value) {
    put_split_f16(big, big + kTile, Layout::offset_halves(row, col), v);
  } else {
    const int off = Layout::offset(row, col);
    std::uint32_t b[4], sm[4];
    split_tf32<kSplit>(v.x, b[0], sm[0]);
    split_tf32<kSplit>(v.y, b[1], sm[1]);
    split_tf32<kSplit>(v.z, b[2], sm[2]);
    split_tf32<kSplit>(v.w, b[3], sm[3]);
    auto f4 = [](const std::uint32_t (&u)[4]) {
      return make_float4(__uint_as_float(u[0]), __uint_as_float(u[1]), __uint_as_float(u[2]), __uint_as_float(u[3]));
    };
    st4(big + off, f4(b));
    st4(big + kTile + off, f4(sm));
  }
}

// One k-step of a 3xTF32 product (m64n64k8) from shared-memory descriptors
// of the big and small tf32 parts of A and B: acc += a_small b_big +
// a_big b_small + a_big b_big, small terms first (the order every version
// that uses it was checked and timed with; the order sets the rounding).
// a_small b_small is dropped (below fp32's precision).
// The caller fences before the first step and ends with products_done.
__device__ __forceinline__ void step_3xtf32(float (&acc)[32], std::uint64_t a_big, std::uint64_t a_small,
                                            std::uint64_t b_big, std::uint64_t b_small) {
  wgmma_m64n64k8_tf32(acc, a_small, b_big);
  wgmma_m64n64k8_tf32(acc, a_big, b_small);
  wgmma_m64n64k8_tf32(acc, a_big, b_big);
}

// The products issued since the last commit, committed and waited for; acc is
// the thread's again (its registers fenced against the compiler).
__device__ __forceinline__ void products_done(float (&acc)[32]) {
  wgmma_commit();
  wgmma_wait<0>();
  wgmma_fence_operands(acc);
}

// Warpgroup wg's products on a complete buffer: k-steps 2wg and 2wg + 1 of
// the sub-tile, 3xTF32 (fp16 parts: k-step wg of 16 dims, 3xFP16), waited
// for.
template <class Layout>
__device__ __forceinline__ void buffer_products(float (&acc)[32], const float* buf, int wg) {
  constexpr int kTile = kTileFloats<Layout>;
  wgmma_fence_operands(acc);
  wgmma_fence();
  if constexpr (HasHalves<Layout>::value) {
    const std::uint64_t qb = Layout::desc(buf, wg), qs = Layout::desc(buf + kTile, wg);
    const std::uint64_t kb = Layout::desc(buf + 2 * kTile, wg), ks = Layout::desc(buf + 3 * kTile, wg);
    wgmma_m64n64k16_f16(acc, qs, kb);  // small terms first
    wgmma_m64n64k16_f16(acc, qb, ks);
    wgmma_m64n64k16_f16(acc, qb, kb);
  } else {
#pragma unroll
    for (int k = 2 * wg; k < 2 * wg + 2; ++k) {
      const std::uint64_t qb = Layout::desc(buf, k), qs = Layout::desc(buf + kTile, k);
      const std::uint64_t kb = Layout::desc(buf + 2 * kTile, k), ks = Layout::desc(buf + 3 * kTile, k);
      step_3xtf32(acc, qb, qs, kb, ks);
    }
  }
  products_done(acc);
}

// The block's 64x64 scores: warpgroup 1's accumulator is added to warpgroup
// 0's through scratch (64 x 64 floats), and warpgroup 0 writes the sum to out
// (global or shared; out may be scratch). Starts with a barrier.
__device__ __forceinline__ void sum_warpgroups(const float (&acc)[32], float* scratch, float* out) {
  const int tid = threadIdx.x, wg = tid >> 7, w = (tid >> 5) & 3, l = tid & 31;
  auto at = [&](int j, int r) { return (16 * w + l / 4 + 8 * (r >> 1)) * kS + 8 * j + 2 * (l & 3); };
  __syncthreads();  // every warpgroup is done with the buffers
  if (wg == 1) {
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
      for (int r = 0; r < 4; r += 2)
        *reinterpret_cast<float2*>(scratch + at(j, r)) = make_float2(acc[4 * j + r], acc[4 * j + r + 1]);
  }
  __syncthreads();
  if (wg == 0) {
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
      for (int r = 0; r < 4; r += 2) {
        const float2 o = *reinterpret_cast<const float2*>(scratch + at(j, r));
        *reinterpret_cast<float2*>(out + at(j, r)) = make_float2(acc[4 * j + r] + o.x, acc[4 * j + r + 1] + o.y);
      }
  }
}
#endif

// Where a block's 64x64 scores go (Out of partial_scores_block): here
// part[bh][chunk], for phase 2 to sum (v034: summed in L2 as they come).
// begin() runs first in the block.
struct PartialsOut {
  __device__ static void begin() {}
  __device__ static void store(const AttentionProblem&, const float (&acc)[32], float* smem, float* part, int bh,
                               int chunk, int chunks) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    sum_warpgroups(acc, smem, part + (std::size_t(bh) * chunks + chunk) * kS * kS);
#endif
  }
};

// An Out with a pool (v097) declares pooled(nsub, spb, chunks), the last
// sub-tiles of every block's range that go to a pool per head instead, and
// pool_counts(p, part, chunks), a word per head counting the pool's takes
// (zero as the launch begins). A block done with its own sub-tiles takes the
// pool's next until it is empty.
template <class T, class = void>
struct HasPool : std::false_type {};
template <class T>
struct HasPool<T, std::void_t<decltype(&T::pool_counts)>> : std::true_type {};

// kAhead (v018): sub-tiles loaded ahead into registers, 1 or 2; with 2, two
// loaders alternate and a sub-tile's loads have two steps to land.
// Loader (v020): how the sub-tiles reach registers; split_d_tuned::QkSubTiles's
// interface (load, apply_pe, for_each).
// kPrefetchV (v021): first, the V rows of the block's dims go into L2 for
// phase 3 (one bulk prefetch per key and run of dims).
// Layout (v022): where the split parts go in shared memory (CoreLayout).
// kSplit (v030): how values become tf32 parts (mma_tf32.cuh).
// Out (v034): where the scores go (PartialsOut's interface).
// kPrefetchQk (v036): first, the block's own Q and K dims go into L2 (one
// bulk prefetch per row and run of dims).
// kMinBlocks (v037): blocks per SM the kernel is compiled for.
// kStrided (v038): the block's sub-tiles are every chunks-th from its chunk,
// not a contiguous range.
// Block (chunk, bh) of phase 1, 256 threads (v026 runs it in one launch).
template <class Pe, int kAhead = 1, template <class> class Loader = split_d_tuned::QkSubTiles, bool kPrefetchV = false,
          class Layout = DenseCores64, Tf32Split kSplit = Tf32Split::kRound, class Out = PartialsOut,
          bool kPrefetchQk = false, bool kStrided = false>
__device__ void partial_scores_block(const AttentionProblem& p, const Pe& pe, float* __restrict__ part, int nsub,
                                     int spb, int chunk, int bh, int chunks) {
  static_assert(kAhead == 1 || kAhead == 2, "one or two sub-tiles ahead");
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  Out::begin();
  const int tid = threadIdx.x, wg = tid >> 7;
  float acc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) acc[i] = 0.f;

  // The block's sub-tiles: s_begin.. s_end, each s standing for sub-tile
  // at(s); kStrided deals them out as chunk, chunk + chunks, ... (at each
  // step the head's blocks read adjacent runs of every row).
  static_assert(!kStrided || (!kPrefetchV && !kPrefetchQk && !HasBegin<Pe>::value), "a contiguous range only");
  const int s_begin = chunk * spb,
            s_end = kStrided ? s_begin + (nsub - chunk + chunks - 1) / chunks : min(nsub, s_begin + spb);
  auto at = [&](int s) { return kStrided ? chunk + (s - s_begin) * chunks : s; };
  if constexpr (HasBegin<Pe>::value) pe.begin(s_begin * (kSub1 / 2), min(p.D / 2, s_end * (kSub1 / 2)));
  // The block's dims: [i0, i1), and paired, the same of the high half.
  auto for_block_dims = [&](auto&& f) {
    if constexpr (Pe::kPaired) {
      const int half = p.D / 2, i0 = s_begin * (kSub1 / 2), i1 = min(half, s_end * (kSub1 / 2));
      f(i0, i1);
      f(half + i0, half + i1);
    } else {
      f(s_begin * kSub1, min(p.D, s_end * kSub1));
    }
  };
  if constexpr (kPrefetchQk) for_block_dims([&](int d0, int d1) { prefetch_qk_dims(p, bh, d0, d1); });
  if constexpr (kPrefetchV) for_block_dims([&](int d0, int d1) { prefetch_v_dims(p, bh, d0, d1); });
  // Sub-tile s: split into buffer (s - s_begin) % 2, the loader refilled
  // with s + kAhead, the products on the buffer.
  auto fill = [&](Loader<Pe>& tiles, float* buf) {
    tiles.apply_pe(pe);
    tiles.for_each(
        [&](bool is_q, int row, int col, float4 v) { put_split<Layout, kSplit>(buf, is_q, row, col, v); });
    fence_proxy_async_shared();
  };
  auto step = [&](Loader<Pe>& tiles, int s) {
    float* buf = smem + ((s - s_begin) & 1) * kBufferFloats<Layout>;
    fill(tiles, buf);
    // One barrier: this buffer is complete, and every warpgroup waited for
    // its products on the other buffer (previous sub-tile).
    __syncthreads();
    if (s + kAhead < s_end) tiles.load(at(s + kAhead));  // in flight during the products
    buffer_products<Layout>(acc, buf, wg);
  };
  if constexpr (HasPool<Out>::value) {
    static_assert(kAhead == 1 && !kStrided && !kPrefetchV && !kPrefetchQk, "a pool: one sub-tile ahead, ranges");
    // Own sub-tiles s_begin.. own_end, then the pool's: its k-th take is
    // sub-tile spb - pooled + k / chunks of block k % chunks's range. Thread
    // 0 takes one ahead (the answer is read a step later) and hands it to
    // the block through taken[], two slots so that a step's write never
    // meets the last step's reads. The sub-tiles a block sums, and their
    // order, vary from launch to launch: the partials agree to rounding.
    __shared__ int taken[2];
    const int pooled = Out::pooled(nsub, spb, chunks), own_end = s_end - pooled;
    unsigned* count = Out::pool_counts(p, part, chunks) + bh;
    unsigned ticket = 0;
    if (pooled > 0 && tid == 0) ticket = atomicAdd(count, 1u);
    auto pool_subtile = [&](unsigned k) {
      return k < unsigned(pooled * chunks) ? int(k % chunks) * spb + spb - pooled + int(k / chunks) : -1;
    };
    Loader<Pe> tiles(p, bh);
    tiles.load(s_begin);
    for (int j = 0, s = s_begin; s >= 0; ++j) {
      float* buf = smem + (j & 1) * kBufferFloats<Layout>;
      fill(tiles, buf);
      const bool own_next = s_begin + j + 1 < own_end;
      if (!own_next && pooled > 0 && tid == 0) taken[j & 1] = pool_subtile(ticket);
      // One barrier, as step's; taken[j & 1] is written.
      __syncthreads();
      const int next = own_next ? s_begin + j + 1 : pooled > 0 ? taken[j & 1] : -1;
      if (next >= 0) {
        if (!own_next) {
          if (tid == 0) ticket = atomicAdd(count, 1u);
          if constexpr (HasBegin<Pe>::value) pe.begin(next * (kSub1 / 2), min(p.D / 2, (next + 1) * (kSub1 / 2)));
        }
        tiles.load(next);  // in flight during the products
      }
      buffer_products<Layout>(acc, buf, wg);
      s = next;
    }
  } else {
    Loader<Pe> first(p, bh);
    if (s_begin < s_end) first.load(at(s_begin));
    if constexpr (kAhead == 1) {
      for (int s = s_begin; s < s_end; ++s) step(first, s);
    } else {
      Loader<Pe> second(p, bh);
      if (s_begin + 1 < s_end) second.load(at(s_begin + 1));
      for (int s = s_begin; s < s_end; s += 2) {
        step(first, s);
        if (s + 1 < s_end) step(second, s + 1);
      }
    }
  }

  Out::store(p, acc, smem, part, bh, chunk, chunks);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

// Grid (chunks, B*Hq): block (chunk, bh) writes part[bh][chunk].
template <class Pe, int kAhead = 1, template <class> class Loader = split_d_tuned::QkSubTiles, bool kPrefetchV = false,
          class Layout = DenseCores64, Tf32Split kSplit = Tf32Split::kRound, class Out = PartialsOut,
          bool kPrefetchQk = false, int kMinBlocks = 2, bool kStrided = false>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    partial_scores_kernel(const AttentionProblem p, const Pe pe, float* __restrict__ part, int nsub, int spb) {
  partial_scores_block<Pe, kAhead, Loader, kPrefetchV, Layout, kSplit, Out, kPrefetchQk, kStrided>(
      p, pe, part, nsub, spb, blockIdx.x, blockIdx.y, gridDim.x);
}

inline void require_sm90a() {
#if !defined(FUSELAB_SM90A)
  throw std::runtime_error(
      "this version needs wgmma, built only for sm_90a. Fix: configure with "
      "-DCMAKE_CUDA_ARCHITECTURES=90a (the default on an H100/H200)");
#endif
}

// A phase-1 kernel (256 threads, Layout's buffers) on plan pl; returns
// where the partials and P go (v037 passes its own kernel and plan).
template <class Layout, class Pe>
inline split_d_register_tiles::Buffers launch_phase1_kernel(void (*kernel)(AttentionProblem, Pe, float*, int, int),
                                          const AttentionProblem& p, const Pe& pe, const split_d::Plan& pl,
                                          void* workspace, cudaStream_t stream) {
  require_sm90a();
  const split_d_register_tiles::Buffers buf = split_d_register_tiles::buffers(p, pl, workspace);
  set_max_dynamic_smem(kernel, int(kSmemBytes<Layout>));
  kernel<<<dim3(pl.chunks1, unsigned(p.B) * p.Hq), kThreads, kSmemBytes<Layout>, stream>>>(p, pe, buf.part, pl.nsub1,
                                                                                           pl.spb1);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  return buf;
}

// Phase 1 (v019 reuses it); returns where the partials and P go.
template <class Pe, int kAhead, template <class> class Loader = split_d_tuned::QkSubTiles, bool kPrefetchV = false,
          class Layout = DenseCores64, Tf32Split kSplit = Tf32Split::kRound, bool kPrefetchQk = false>
inline split_d_register_tiles::Buffers launch_partial_scores(const AttentionProblem& p, const Pe& pe, const split_d::Plan& pl,
                                           void* workspace, cudaStream_t stream) {
  return launch_phase1_kernel<Layout>(
      &wgmma_scores::partial_scores_kernel<Pe, kAhead, Loader, kPrefetchV, Layout, kSplit, PartialsOut, kPrefetchQk>, p, pe,
      pl, workspace, stream);
}

using Launches = split_d_row_softmax::ThreeLaunches<&launch_partial_scores<split_d::NoPe, 1>, &split_d_row_softmax::launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::wgmma_scores
