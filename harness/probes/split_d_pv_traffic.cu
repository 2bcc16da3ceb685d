// Probe: how fast can phase 3 of the split-D designs move its bytes (read V,
// write O), with no product computed? Over 1x4x64xD tensors (D = 16384
// unless given: V and O 16.8 MB each), each pattern timed cold (L2 flushed,
// medians, the harness's ColdTimer):
//   copy            a grid-stride float4 copy V -> O (a copy kernel);
//   v013 pattern    v013's phase 3 (v014, v017, v022): 128-thread blocks,
//                   V sub-tiles of 64 keys x 128 dims by cp.async, each thread
//                   storing float4s to its 8 rows x 8 dims of O;
//   v019 pattern    v019's wgmma phase 3 (v023): 256-thread blocks, V as
//                   float4s into registers (a warp: 4 keys x 32 dims), each
//                   thread storing float2s at the wgmma accumulator's places.
//   v050's phase 3  the kernel itself (cp.async V two steps ahead, P split,
//                   the products on wgmma, O stored from the accumulators),
//                   on a uniform P, launched alone;
//   ... O staged    the same with O staged in shared memory and stored as
//                   float4 rows (v028's stores);
//   v082's phase 3  v050's with the products on fp16 parts (3xFP16);
//   ... no P read   the same with P = 1/64 made in shared memory, so that
//                   P's loads never wait behind V;
//   v098's phase 3  v082's with P's loads issued ahead of V;
//   ... 4 per SM    the same planned for 4 blocks per SM: one 128-dim step
//                   a block, 2 resident, so a second wave follows the first;
//   v090's phase 3  v082's with V landed by bulk copies;
//   v101's phase 3  v098's with V asked for in windows of half a step, the
//                   first before P, the rest two in flight once P landed;
//   v102's phase 3  v098's with a barrier between P's loads and V's copies;
//   v103's phase 3  v082's with P fetched by cp.async ahead of V.
// The patterns' O is a permutation of V's values, so no load or store is
// optimised away. Phase 3's plans and grids are the versions' own.
// With after_qk, each timed launch is a contiguous read of Q and K (what
// phase 1 reads, 2x V's bytes) followed by the pattern, as phase 3 follows
// phase 1 in the pipeline: the flush's dirty lines are then mostly written
// back already. The first row times the read alone; a pattern's time after
// the read is its row minus that one.
//   fuselab_probe_split_d_pv_traffic [D] [after_qk]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "harness/probes/uniform_p.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v090_v_by_bulk_copies.cuh"
#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/attention/v101_v_in_windows.cuh"
#include "kernels/attention/v102_p_loads_then_barrier.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/vec.cuh"

namespace {

using fuselab::kernels::AttentionProblem;
namespace att = fuselab::kernels::attention;
namespace k = fuselab::kernels;
using att::v002::kS;

__global__ void uniform(float* x, std::size_t n, float value) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    x[i] = value;
}

__global__ void copy(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n4) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    out[i] = __ldg(in + i);
}

// v013's phase-3 traffic: its loads (cp.async) and its stores, V's sub-tile
// written back in the places of the thread's 8x8 tile of O.
__global__ void __launch_bounds__(att::v013::kThreads3, att::v013::kBlocksPerSm3)
    v013_traffic(const AttentionProblem p, int nsub, int spb) {
  extern __shared__ __align__(16) float vs_raw[];
  float(*vs)[att::v013::kSub3] = reinterpret_cast<float(*)[att::v013::kSub3]>(vs_raw);
  const int tid = threadIdx.x, chunk = blockIdx.x, bh = blockIdx.y, D = p.D;
  const float* vbase = p.v + std::size_t(bh) * p.Sk * D;
  float* obase = p.out + std::size_t(bh) * p.Sq * D;
  const int f = tid & 31, key0 = tid >> 5, ty = tid >> 4, tx = tid & 15;
  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  for (int s = s_begin; s < s_end; ++s) {
    const int d = s * att::v013::kSub3 + 4 * f;
    for (int r = 0; r < kS * att::v013::kSub3 / 4 / att::v013::kThreads3; ++r) {
      const int key = key0 + 4 * r;
      const bool valid = key < p.Sk && d < D;
      k::cp_async16(&vs[key][4 * f], valid ? vbase + std::size_t(key) * D + d : vbase, valid);
    }
    k::cp_async_commit();
    k::cp_async_wait<0>();
    __syncthreads();
    const int d0 = s * att::v013::kSub3 + 4 * tx, d1 = d0 + 64;
    for (int i = 0; i < 8; ++i) {
      const int row = att::v013::tile_row(ty, i);
      float* o = obase + std::size_t(row) * D;
      if (d0 < D) k::st4(o + d0, k::ld4(&vs[row][4 * tx]));
      if (d1 < D) k::st4(o + d1, k::ld4(&vs[row][64 + 4 * tx]));
    }
    __syncthreads();
  }
}

// v019's phase-3 traffic: its V loads into registers and its float2 stores.
__global__ void __launch_bounds__(att::v002::kThreads, att::v019::kBlocksPerSm)
    v019_traffic(const AttentionProblem p, int nsub, int spb) {
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31, wg = tid >> 7, w = warp & 3;
  const int chunk = blockIdx.x, bh = blockIdx.y, D = p.D;
  const float* vbase = p.v + std::size_t(bh) * p.Sk * D;
  float* obase = p.out + std::size_t(bh) * p.Sq * D;
  const int key_lo = lane & 3, f = lane >> 2;
  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  for (int s = s_begin; s < s_end; ++s) {
    float4 vr[8];
    for (int r = 0; r < 8; ++r) {
      const int t = warp + 8 * r, key = 4 * (t & 15) + key_lo, d = s * att::v019::kDims + 32 * (t >> 4) + 4 * f;
      vr[r] = (key < p.Sk && d < D) ? k::ldg4(vbase + std::size_t(key) * D + d) : k::zero4();
    }
    for (int j = 0; j < 8; ++j)
      for (int r = 0; r < 4; r += 2) {
        const int row = 16 * w + lane / 4 + 8 * (r >> 1);
        const int d = s * att::v019::kDims + 64 * wg + 8 * j + 2 * (lane & 3);
        const float4 v = vr[j];
        if (row < p.Sq && d < D)
          *reinterpret_cast<float2*>(obase + std::size_t(row) * D + d) = r ? make_float2(v.z, v.w) : make_float2(v.x, v.y);
      }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int D = argc > 1 ? std::atoi(argv[1]) : 16384;
  const bool after_qk = argc > 2 && std::string(argv[2]) == "after_qk";
  if (D <= 0 || D % 128 != 0 || (argc > 2 && !after_qk)) {
    std::fprintf(stderr,
                 "split_d_pv_traffic: usage [D] [after_qk]; D a positive multiple of 128 (got %s), then "
                 "nothing or after_qk\n",
                 argc > 1 ? argv[1] : "none");
    return 2;
  }
  AttentionProblem p;
  p.B = 1, p.Hq = 4, p.Hkv = 4, p.Sq = 64, p.Sk = 64, p.D = D;
  const std::size_t n = std::size_t(p.B) * p.Hq * p.Sq * D;
  fuselab::DeviceBuffer v(n * sizeof(float)), o(n * sizeof(float));
  p.v = v.get<float>();
  p.out = o.get<float>();
  int sms = 0;
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(v.get<float>(), n);
  fuselab::DeviceBuffer qk(after_qk ? 2 * n * sizeof(float) : 0), sink(sizeof(float));
  if (after_qk) fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(qk.get<float>(), 2 * n);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
  const unsigned bh = unsigned(p.B) * p.Hq;
  const att::v013::Plan3 pl13 = att::v013::make_plan3(p, sms);
  const att::v013::Plan3 pl19 = att::v019::make_plan(p, sms);
  const std::size_t smem13 = std::size_t(kS) * att::v013::kSub3 * sizeof(float);
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(v013_traffic, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem13)));

  const double bytes = (after_qk ? 4.0 : 2.0) * double(n) * sizeof(float);
  std::printf("| pattern (1x4x64x%d, %s = %.1f MB) | cold median us | GB/s |\n|---|---:|---:|\n", D,
              after_qk ? "Q + K read, then V read + O written" : "V read + O written", bytes * 1e-6);
  auto read_qk = [&](cudaStream_t s) {
    fuselab::probes::read_all<<<sms * 8, 512, 0, s>>>(qk.get<float4>(), 2 * n / 4, sink.get<float>());
    FUSELAB_LAUNCH_CHECK();
  };
  auto row = [&](const char* name, const fuselab::LaunchFn& launch) {
    fuselab::probes::print_row(stream, name, bytes, [&](cudaStream_t s) {
      if (after_qk) read_qk(s);
      launch(s);
    });
  };
  if (after_qk) fuselab::probes::print_row(stream, "Q + K read alone", bytes / 2, read_qk);
  row("copy", [&](cudaStream_t s) {
    copy<<<sms * 8, 512, 0, s>>>(v.get<float4>(), o.get<float4>(), n / 4);
    FUSELAB_LAUNCH_CHECK();
  });
  row("v013 pattern (cp.async V, float4 O)", [&](cudaStream_t s) {
    v013_traffic<<<dim3(pl13.chunks, bh), att::v013::kThreads3, smem13, s>>>(p, pl13.nsub, pl13.spb);
    FUSELAB_LAUNCH_CHECK();
  });
  row("v019 pattern (register V, float2 O)", [&](cudaStream_t s) {
    v019_traffic<<<dim3(pl19.chunks, bh), att::v002::kThreads, 0, s>>>(p, pl19.nsub, pl19.spb);
    FUSELAB_LAUNCH_CHECK();
  });
  // v050's phase 3 on P = 1/64 everywhere (what phase 2 leaves is any row-stochastic P).
  fuselab::DeviceBuffer P(std::size_t(bh) * kS * kS * sizeof(float));
  uniform<<<16, 256, 0, stream>>>(P.get<float>(), std::size_t(bh) * kS * kS, 1.f / kS);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
  const att::v002::Plan pl = att::v002::make_plan<false>(p);
  const float* Pp = P.get<float>();
  row("v050's phase 3 (products, O from the accumulators)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, att::v050::CoherentMaskedSplitOfP, true>(p, pl, Pp, s);
  });
  row("v050's phase 3, O staged (float4 rows)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, false, false, att::v050::CoherentMaskedSplitOfP, true>(p, pl, Pp, s);
  });
  using HalfP = att::v082::CoherentHalfSplitOfP;
  row("v082's phase 3 (3xFP16 products)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, HalfP, true>(p, pl, Pp, s);
  });
  row("v082's phase 3, P made in shared memory (no P read)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, fuselab::probes::UniformHalfSplitP, true>(p, pl, Pp, s);
  });
  row("v098's phase 3 (P's loads issued ahead of V)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, att::v098::FetchedHalfSplitOfP, true>(p, pl, Pp, s);
  });
  row("v082's phase 3 planned for 4 blocks per SM", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, HalfP, true, 4>(p, pl, Pp, s);
  });
  row("v090's phase 3 (V by bulk copies)", [&](cudaStream_t s) { att::v090::launch_pv<HalfP>(p, pl, Pp, s); });
  row("v101's phase 3 (V in windows of half a step)", [&](cudaStream_t s) {
    att::v101::launch_pv<att::v098::FetchedHalfSplitOfP>(p, pl, Pp, s);
  });
  row("v102's phase 3 (P's loads, a barrier, then V)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, att::v102::FetchedThenBarrier, true>(p, pl, Pp, s);
  });
  row("v103's phase 3 (P by cp.async ahead of V)", [&](cudaStream_t s) {
    att::v028::launch_pv<att::v030::kSplit, true, false, att::v103::CopiedHalfSplitOfP, true>(p, pl, Pp, s);
  });
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
