// Probe: what does the cold timing's flush leave behind, and what does it
// cost the launch timed after it? ColdTimer flushes L2 by writing a buffer of
// twice its size, so each sample starts with dirty lines in L2 (~25 MB on an
// H100, by ncu's DRAM counters) that go back to DRAM as the timed launch
// misses. Each launch L
// below is timed cold twice, by the harness's ColdTimer and sampling rule:
//   dirty   T(L), as every experiment is timed;
//   clean   T(R + L) - T(R), where R reads a buffer of twice the L2 size
//           first: its misses evict the dirty lines, so L starts on clean
//           ones (R's own time, write-backs included, is subtracted).
// Launches over 1x4x64xD tensors (D = 16384 unless given):
//   read Q, K, V    a grid-stride float4 read of the three (50.3 MB);
//   copy V -> O     a grid-stride float4 copy (33.6 MB moved);
//   attention v039  the three-launch pipeline;
//   attention v053  the one-launch pipeline with V read during phase 1.
// With `once`, nothing is timed: for a profiler that leaves the caches as
// the program leaves them (ncu --cache-control none), v039 runs once after a
// warm-up, the flush and nothing else (dirty), then once after the flush
// and R (clean), so its kernels' DRAM write counters show the write-back.
//   fuselab_probe_dirty_flush [D [once]]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness/gpu/cold_timer.h"
#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/attention/v053_counting_barrier.cuh"
#include "kernels/common/cuda_check.h"

namespace {

using fuselab::kernels::AttentionProblem;
namespace att = fuselab::kernels::attention;
using fuselab::probes::fill;

__global__ void read_all(const float4* __restrict__ a, const float4* __restrict__ b, const float4* __restrict__ c,
                         std::size_t n4, float* __restrict__ out) {
  float acc = 0.f;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x) {
    const float4 x = a[i], y = b[i], z = c[i];
    acc += x.x + x.w + y.y + y.z + z.x + z.w;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void copy(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n4) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

}  // namespace

int main(int argc, char** argv) {
  const int D = argc > 1 ? std::atoi(argv[1]) : 16384;
  if (D <= 0 || D % 128 != 0) {
    std::fprintf(stderr, "dirty_flush: D must be a positive multiple of 128 (got %s)\n", argv[1]);
    return 2;
  }
  int device = 0, sms = 0, l2 = 0;
  FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));

  AttentionProblem p;
  p.B = 1, p.Hq = 4, p.Hkv = 4, p.Sq = 64, p.Sk = 64, p.D = D;
  p.scale = 1.f / float(D);
  const std::size_t n = std::size_t(p.B) * p.Hq * p.Sq * D;
  fuselab::DeviceBuffer q(n * sizeof(float)), k(n * sizeof(float)), v(n * sizeof(float)), o(n * sizeof(float));
  const std::size_t ws_bytes = std::max(att::v039::workspace_bytes(p), att::v053::workspace_bytes(p));
  fuselab::DeviceBuffer ws(ws_bytes), sink(std::size_t(sms) * 8 * 512 * sizeof(float));
  fuselab::DeviceBuffer evict(2 * std::size_t(l2));  // R's buffer
  p.q = q.get<float>();
  p.k = k.get<float>();
  p.v = v.get<float>();
  p.out = o.get<float>();
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (float* x : {q.get<float>(), k.get<float>(), v.get<float>()}) fill<<<sms * 4, 512, 0, stream>>>(x, n);
  fill<<<sms * 4, 512, 0, stream>>>(evict.get<float>(), evict.bytes() / sizeof(float));
  FUSELAB_CUDA_CHECK(cudaMemsetAsync(ws.get(), 0, ws_bytes, stream));
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));

  const std::size_t n4 = n / 4;
  const fuselab::LaunchFn read_evict = [&](cudaStream_t s) {
    const std::size_t e4 = evict.bytes() / sizeof(float4);
    read_all<<<sms * 8, 512, 0, s>>>(evict.get<float4>(), evict.get<float4>(), evict.get<float4>(), e4,
                                      sink.get<float>());
    FUSELAB_LAUNCH_CHECK();
  };
  const fuselab::LaunchFn v039 = [&](cudaStream_t s) { att::v039::launch(p, ws.get(), s); };
  if (argc > 2 && std::string(argv[2]) == "once") {
    const fuselab::ColdTimer timer(stream, v039);  // for its flush
    v039(stream);                                  // warm-up
    timer.flush(stream);
    v039(stream);  // dirty
    timer.flush(stream);
    read_evict(stream);
    v039(stream);  // clean
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    std::printf("ran v039 at D = %d: warm-up, after the flush, after the flush and R\n", D);
    return 0;
  }
  const double r_us = fuselab::probes::cold_median_us(stream, read_evict);
  std::printf("R (read %.1f MB) after the flush: %.2f us cold\n\n", evict.bytes() * 1e-6, r_us);
  std::printf("| launch (1x4x64x%d) | dirty: cold us | clean: cold us | dirty - clean |\n|---|---:|---:|---:|\n", D);
  auto row = [&](const char* name, const fuselab::LaunchFn& launch) {
    const double dirty = fuselab::probes::cold_median_us(stream, launch);
    const double clean = fuselab::probes::cold_median_us(stream, [&](cudaStream_t s) {
      read_evict(s);
      launch(s);
    }) - r_us;
    std::printf("| %s | %.2f | %.2f | %.2f |\n", name, dirty, clean, dirty - clean);
  };
  row("read Q, K, V", [&](cudaStream_t s) {
    read_all<<<sms * 8, 512, 0, s>>>(q.get<float4>(), k.get<float4>(), v.get<float4>(), n4, sink.get<float>());
    FUSELAB_LAUNCH_CHECK();
  });
  row("copy V -> O", [&](cudaStream_t s) {
    copy<<<sms * 8, 512, 0, s>>>(v.get<float4>(), o.get<float4>(), n4);
    FUSELAB_LAUNCH_CHECK();
  });
  row("attention v039", v039);
  row("attention v053", [&](cudaStream_t s) { att::v053::launch(p, ws.get(), s); });
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
