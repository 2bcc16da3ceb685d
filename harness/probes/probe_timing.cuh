// What the probes share: non-zero test data and one cold median (the
// harness's ColdTimer and sampling rule, as the experiments are timed).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>

#include "harness/core/stats.h"
#include "harness/gpu/cold_timer.h"
#include "harness/gpu/sampling.h"

namespace fuselab::probes {

static __global__ void fill(float* x, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    x[i] = 1.f + float(i % 7);
}

// Reads x (n4 float4s) once; sink keeps the reads.
static __global__ void read_all(const float4* __restrict__ x, std::size_t n4, float* sink) {
  float acc = 0.f;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x) {
    const float4 v = x[i];
    acc += v.x + v.y + v.z + v.w;
  }
  if (acc == 1.2345f) *sink = acc;  // never, but the compiler cannot know
}

inline double cold_median_us(cudaStream_t stream, const LaunchFn& launch) {
  ColdTimer timer(stream, launch);
  timer.warm_up();
  const auto s = sample_until_stable([&] { return timer.sample(); }, SamplingRule{});
  return summarize(s).median * 1e6;
}

// One table row: the pattern's cold median and the bytes it moves per second.
inline void print_row(cudaStream_t stream, const char* name, double bytes, const LaunchFn& launch) {
  const double us = cold_median_us(stream, launch);
  std::printf("| %s | %.2f | %.0f |\n", name, us, bytes / us * 1e-3);
}

}  // namespace fuselab::probes
