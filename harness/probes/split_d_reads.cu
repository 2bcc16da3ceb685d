// Probe: how fast can phase 1 of the split-D attention designs read its Q and
// K, with nothing else in the kernel? Three read patterns over the same
// 1x4x64xD tensors (D = 16384 unless given: 33.5 MB), each timed cold (L2
// flushed, medians, the harness's ColdTimer):
//   contiguous     a grid-stride float4 read of both tensors (a copy kernel's
//                  read side);
//   row_per_lane   phase 1's loader (v006::QkSubTiles, v006-v019, v021): per
//                  32-dim sub-tile each lane reads 32 bytes of its own row;
//   rows_per_warp  v020's loader: each warp reads 4 whole 128-byte rows per
//                  instruction;
// the last two on phase 1's grid and plan (v002::make_plan), one sub-tile
// loaded ahead as in the kernels;
//   v050's phase 1 the kernel itself (the v020 loader, the split, the
//                  products on wgmma, the 64x64 partials stored), alone;
//   v081's phase 1 the same with fp16 parts (3xFP16).
// In the read patterns each thread folds what it read into one float that it
// stores, so no load is optimised away.
//   fuselab_probe_split_d_reads [D]
#include <cuda_runtime.h>

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <string>

#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/common/cuda_check.h"

namespace {

using fuselab::kernels::AttentionProblem;
namespace att = fuselab::kernels::attention;
using fuselab::probes::fill;

__device__ __forceinline__ float fold(float4 v) { return v.x + v.y + v.z + v.w; }

__global__ void contiguous(const float4* __restrict__ q, const float4* __restrict__ k, std::size_t n4,
                           float* __restrict__ out) {
  float acc = 0.f;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    acc += fold(__ldg(q + i)) + fold(__ldg(k + i));
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Phase 1's grid and sub-tile walk with loader L, and nothing else.
template <template <class> class L>
__global__ void __launch_bounds__(att::v002::kThreads, 2)
    sub_tiles(const AttentionProblem p, int nsub, int spb, float* __restrict__ out) {
  const int chunk = blockIdx.x, bh = blockIdx.y;
  L<att::v002::NoPe> tiles(p, bh);
  float acc = 0.f;
  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  if (s_begin < s_end) tiles.load(s_begin);
  for (int s = s_begin; s < s_end; ++s) {
    const float4 a = tiles.x[0], b = tiles.x[1], c = tiles.x[2], d = tiles.x[3];
    if (s + 1 < s_end) tiles.load(s + 1);
    acc += fold(a) + fold(b) + fold(c) + fold(d);
  }
  out[(std::size_t(bh) * gridDim.x + chunk) * blockDim.x + threadIdx.x] = acc;
}

template <class Pe>
using RowPerLaneLoader = att::v006::QkSubTiles<Pe>;
template <class Pe>
using RowsPerWarpLoader = att::v020::RowQkSubTiles<Pe>;

}  // namespace

int main(int argc, char** argv) {
  const int D = argc > 1 ? std::atoi(argv[1]) : 16384;
  if (D <= 0 || D % 32 != 0) {
    std::fprintf(stderr, "split_d_reads: D must be a positive multiple of 32 (got %s)\n", argv[1]);
    return 2;
  }
  AttentionProblem p;
  p.B = 1, p.Hq = 4, p.Hkv = 4, p.Sq = 64, p.Sk = 64, p.D = D;
  const std::size_t n = std::size_t(p.B) * p.Hq * p.Sq * D;
  fuselab::DeviceBuffer q(n * sizeof(float)), k(n * sizeof(float));
  const att::v002::Plan pl = att::v002::make_plan<false>(p);
  const unsigned bh = unsigned(p.B) * p.Hq;
  const std::size_t threads = std::size_t(pl.chunks1) * bh * att::v002::kThreads;
  int sms = 0;
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  fuselab::DeviceBuffer out(std::max<std::size_t>(threads, std::size_t(sms) * 8 * 512) * sizeof(float));
  p.q = q.get<float>();
  p.k = k.get<float>();
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  fill<<<sms * 4, 512, 0, stream>>>(q.get<float>(), n);
  fill<<<sms * 4, 512, 0, stream>>>(k.get<float>(), n);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));

  const double bytes = 2.0 * double(n) * sizeof(float);
  std::printf("| pattern (1x4x64x%d, Q + K = %.1f MB) | cold median us | GB/s |\n|---|---:|---:|\n", D,
              bytes * 1e-6);
  auto row = [&](const char* name, const fuselab::LaunchFn& launch) {
    fuselab::probes::print_row(stream, name, bytes, launch);
  };
  row("contiguous", [&](cudaStream_t s) {
    contiguous<<<sms * 8, 512, 0, s>>>(q.get<float4>(), k.get<float4>(), n / 4, out.get<float>());
    FUSELAB_LAUNCH_CHECK();
  });
  row("row_per_lane (v006 loader)", [&](cudaStream_t s) {
    sub_tiles<RowPerLaneLoader><<<dim3(pl.chunks1, bh), att::v002::kThreads, 0, s>>>(p, pl.nsub1, pl.spb1,
                                                                                    out.get<float>());
    FUSELAB_LAUNCH_CHECK();
  });
  row("rows_per_warp (v020 loader)", [&](cudaStream_t s) {
    sub_tiles<RowsPerWarpLoader><<<dim3(pl.chunks1, bh), att::v002::kThreads, 0, s>>>(p, pl.nsub1, pl.spb1,
                                                                                     out.get<float>());
    FUSELAB_LAUNCH_CHECK();
  });
  fuselab::DeviceBuffer workspace(att::v050::workspace_bytes(p));
  row("v050's phase 1 (products, partials stored)", [&](cudaStream_t s) {
    att::v017::launch_phase1_kernel<att::v022::PaddedCores64>(
        att::v050::kPhase1<att::v002::NoPe, att::v020::RowQkSubTiles>, p, att::v002::NoPe{}, pl, workspace.get(), s);
  });
  row("v081's phase 1 (the same, 3xFP16)", [&](cudaStream_t s) {
    att::v017::launch_phase1_kernel<att::v081::HalfCores64>(
        att::v081::kPhase1<att::v002::NoPe, att::v020::RowQkSubTiles>, p, att::v002::NoPe{}, pl, workspace.get(), s);
  });
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
