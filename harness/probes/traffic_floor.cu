// Probe: the cold time of the least an attention launch at 1xHx64xD must do,
// timed as every experiment is (the harness's ColdTimer and sampling rule):
//   empty launch        one block that does nothing: the timer's floor;
//   Q + K + V -> O      a grid-stride float4 kernel that reads Q, K and V
//                       once and writes O once: the minimal traffic and no
//                       math, so no attention kernel of this shape can be
//                       faster (unless it skips bytes).
// The grid is 8 blocks of 512 threads per SM, fewer where there are fewer
// float4s. One row per D (default: the study's 128, 512, 2048, 8192, 16384).
//   fuselab_probe_traffic_floor [D...]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/common/cuda_check.h"

namespace {

__global__ void empty_kernel() {}

__global__ void sum_three(const float4* __restrict__ a, const float4* __restrict__ b, const float4* __restrict__ c,
                          float4* __restrict__ out, std::size_t n4) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x) {
    const float4 x = a[i], y = b[i], z = c[i];
    out[i] = make_float4(x.x + y.x + z.x, x.y + y.y + z.y, x.z + y.z + z.z, x.w + y.w + z.w);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> dims;
  for (int i = 1; i < argc; ++i) {
    const int D = std::atoi(argv[i]);
    if (D <= 0 || D % 4 != 0) {
      std::fprintf(stderr, "traffic_floor: each D must be a positive multiple of 4 (got %s)\n", argv[i]);
      return 2;
    }
    dims.push_back(D);
  }
  if (dims.empty()) dims = {128, 512, 2048, 8192, 16384};
  const int heads = 4, seq = 64;
  int device = 0, sms = 0;
  FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  const double empty_us = fuselab::probes::cold_median_us(stream, [](cudaStream_t s) {
    empty_kernel<<<1, 32, 0, s>>>();
    FUSELAB_LAUNCH_CHECK();
  });
  std::printf("empty launch: %.2f us cold\n\n", empty_us);
  std::printf("| shape | minimal MB | Q + K + V -> O: cold us | GB/s |\n|---|---:|---:|---:|\n");
  for (const int D : dims) {
    const std::size_t n = std::size_t(heads) * seq * D, n4 = n / 4, bytes = n * sizeof(float);
    fuselab::DeviceBuffer q(bytes), k(bytes), v(bytes), o(bytes);
    for (float* x : {q.get<float>(), k.get<float>(), v.get<float>()})
      fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(x, n);
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    const unsigned grid = unsigned(std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(sms) * 8, (n4 + 511) / 512)));
    const double us = fuselab::probes::cold_median_us(stream, [&](cudaStream_t s) {
      sum_three<<<grid, 512, 0, s>>>(q.get<float4>(), k.get<float4>(), v.get<float4>(), o.get<float4>(), n4);
      FUSELAB_LAUNCH_CHECK();
    });
    std::printf("| 1x%dx%dx%d | %.1f | %.2f | %.0f |\n", heads, seq, D, 4.0 * bytes * 1e-6, us, 4.0 * bytes / us * 1e-3);
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
