// Probe: the cold time of the least an attention launch at 1xHx64xD must do,
// timed as every experiment is (the harness's ColdTimer and sampling rule):
//   empty launch        one block that does nothing: the timer's floor;
//   Q + K + V -> O      a grid-stride float4 kernel that reads Q, K and V
//                       once and writes O once: the minimal traffic and no
//                       math, so no attention kernel of this shape can be
//                       faster (unless it skips bytes).
//   two launches       what a split-D pipeline's phases must move: one
//                       launch reads Q and K, the next reads V and writes O.
// Each is timed three ways, by the L2 policy of its accesses: plain; Q, K
// and V read evict-first (the timer's flush leaves L2 full of dirty lines,
// and a read that allocates normally evicts one, whose write-back the timed
// launch pays; an evict-first line is the next victim in its set instead);
// and the same with O stored evict-last (O's lines stay in L2 rather than
// pushing out more of the flush's dirty lines).
// The grid is 8 blocks of 512 threads per SM, fewer where there are fewer
// float4s. One row per D (default: the study's 128, 512, 2048, 8192, 16384).
// With `once D`, nothing is timed: for a profiler that leaves the caches as
// the program leaves them (ncu --cache-control none), the two launches run
// once per policy after the flush (dirty), then once after the flush and a
// read R of twice the L2 size that evicts the flush's dirty lines (clean),
// so the kernels' DRAM write counters say whose lines went back to DRAM.
//   fuselab_probe_traffic_floor [D...]
//   fuselab_probe_traffic_floor once D
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "harness/gpu/cold_timer.h"
#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/cuda_check.h"

namespace {

__global__ void empty_kernel() {}

using fuselab::kernels::l2_policy_evict_first;
using fuselab::kernels::l2_policy_evict_last;
using fuselab::kernels::ldg4_policy;
using fuselab::kernels::stg4_policy;

// Which L2 policies a traffic kernel's accesses carry.
enum class Policy { kPlain, kReadsEvictFirst, kReadsEvictFirstOEvictLast };
constexpr Policy kPolicies[] = {Policy::kPlain, Policy::kReadsEvictFirst, Policy::kReadsEvictFirstOEvictLast};

template <Policy kPolicy>
__device__ __forceinline__ float4 read4(const float4* p, std::size_t i, unsigned long long policy) {
  if constexpr (kPolicy == Policy::kPlain) return p[i];
  else return ldg4_policy(reinterpret_cast<const float*>(p + i), policy);
}

template <Policy kPolicy>
__device__ __forceinline__ void write4(float4* p, std::size_t i, float4 v, unsigned long long policy) {
  if constexpr (kPolicy == Policy::kReadsEvictFirstOEvictLast) stg4_policy(reinterpret_cast<float*>(p + i), v, policy);
  else p[i] = v;
}

// out = a + b + c, or (c == nullptr, out == nullptr) a + b into sink:
// the one-launch floor and the two launches' first.
template <Policy kPolicy>
__global__ void sum_three(const float4* __restrict__ a, const float4* __restrict__ b, const float4* __restrict__ c,
                          float4* __restrict__ out, std::size_t n4, float* __restrict__ sink) {
  const unsigned long long read_policy = kPolicy == Policy::kPlain ? 0ull : l2_policy_evict_first();
  const unsigned long long write_policy = kPolicy == Policy::kReadsEvictFirstOEvictLast ? l2_policy_evict_last() : 0ull;
  float acc = 0.f;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x) {
    const float4 x = read4<kPolicy>(a, i, read_policy), y = read4<kPolicy>(b, i, read_policy);
    if (c == nullptr) {
      acc += x.x + x.w + y.y + y.z;
      continue;
    }
    const float4 z = read4<kPolicy>(c, i, read_policy);
    write4<kPolicy>(out, i, make_float4(x.x + y.x + z.x, x.y + y.y + z.y, x.z + y.z + z.z, x.w + y.w + z.w),
                    write_policy);
  }
  if (c == nullptr) sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// out = in: the two launches' second.
template <Policy kPolicy>
__global__ void copy(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n4) {
  const unsigned long long read_policy = kPolicy == Policy::kPlain ? 0ull : l2_policy_evict_first();
  const unsigned long long write_policy = kPolicy == Policy::kReadsEvictFirstOEvictLast ? l2_policy_evict_last() : 0ull;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n4;
       i += std::size_t(gridDim.x) * blockDim.x)
    write4<kPolicy>(out, i, read4<kPolicy>(in, i, read_policy), write_policy);
}

}  // namespace

// `once D`: see the header.
int run_once(int D, int sms, cudaStream_t stream) {
  const int heads = 4, seq = 64;
  int device = 0, l2 = 0;
  FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  const std::size_t n = std::size_t(heads) * seq * D, n4 = n / 4, bytes = n * sizeof(float);
  fuselab::DeviceBuffer q(bytes), k(bytes), v(bytes), o(bytes), r(2 * std::size_t(l2));
  fuselab::DeviceBuffer sink(std::size_t(sms) * 8 * 512 * sizeof(float));
  for (float* x : {q.get<float>(), k.get<float>(), v.get<float>()})
    fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(x, n);
  fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(r.get<float>(), r.bytes() / sizeof(float));
  const unsigned grid = unsigned(std::min<std::size_t>(std::size_t(sms) * 8, (n4 + 511) / 512));
  const auto two_launches = [&](auto policy_tag) {
    constexpr Policy kPolicy = decltype(policy_tag)::value;
    sum_three<kPolicy><<<grid, 512, 0, stream>>>(q.get<float4>(), k.get<float4>(), nullptr, nullptr, n4,
                                                  sink.get<float>());
    copy<kPolicy><<<grid, 512, 0, stream>>>(v.get<float4>(), o.get<float4>(), n4);
    FUSELAB_LAUNCH_CHECK();
  };
  const auto read_r = [&] {
    const std::size_t h4 = r.bytes() / sizeof(float4) / 2;
    sum_three<Policy::kPlain><<<sms * 8, 512, 0, stream>>>(r.get<float4>(), r.get<float4>() + h4, nullptr, nullptr,
                                                             h4, sink.get<float>());
    FUSELAB_LAUNCH_CHECK();
  };
  const fuselab::ColdTimer timer(stream, [&](cudaStream_t s) {  // for its flush; the launch it holds does nothing
    copy<Policy::kPlain><<<1, 32, 0, s>>>(v.get<float4>(), o.get<float4>(), 0);
    FUSELAB_LAUNCH_CHECK();
  });
  const auto each_policy = [&](bool clean) {
    const auto one = [&](auto policy_tag) {
      timer.flush(stream);
      if (clean) read_r();
      two_launches(policy_tag);
    };
    one(std::integral_constant<Policy, kPolicies[0]>{});
    one(std::integral_constant<Policy, kPolicies[1]>{});
    one(std::integral_constant<Policy, kPolicies[2]>{});
  };
  each_policy(false);
  each_policy(true);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::printf("ran the two launches at 1x4x64x%d once per policy (plain, reads evict-first, and O evict-last): "
              "after the flush, then after the flush and R\n", D);
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "once") {
    const int D = std::atoi(argv[2]);
    if (D <= 0 || D % 4 != 0) {
      std::fprintf(stderr, "traffic_floor: D must be a positive multiple of 4 (got %s)\n", argv[2]);
      return 2;
    }
    int device = 0, sms = 0;
    FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
    FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    cudaStream_t stream{};
    FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const int rc = run_once(D, sms, stream);
    FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
    return rc;
  }
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
  std::printf("cold us (GB/s) by L2 policy: plain | reads evict-first | and O evict-last\n\n");
  std::printf("| shape | minimal MB | launches | plain | reads evict-first | and O evict-last |\n"
              "|---|---:|---|---:|---:|---:|\n");
  for (const int D : dims) {
    const std::size_t n = std::size_t(heads) * seq * D, n4 = n / 4, bytes = n * sizeof(float);
    fuselab::DeviceBuffer q(bytes), k(bytes), v(bytes), o(bytes);
    fuselab::DeviceBuffer sink(std::size_t(sms) * 8 * 512 * sizeof(float));
    for (float* x : {q.get<float>(), k.get<float>(), v.get<float>()})
      fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(x, n);
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    const unsigned grid = unsigned(std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(sms) * 8, (n4 + 511) / 512)));
    const auto time = [&](auto policy_tag, bool two_launches) {
      constexpr Policy kPolicy = decltype(policy_tag)::value;
      return fuselab::probes::cold_median_us(stream, [&](cudaStream_t s) {
        if (two_launches) {
          sum_three<kPolicy><<<grid, 512, 0, s>>>(q.get<float4>(), k.get<float4>(), nullptr, nullptr, n4,
                                                   sink.get<float>());
          copy<kPolicy><<<grid, 512, 0, s>>>(v.get<float4>(), o.get<float4>(), n4);
        } else {
          sum_three<kPolicy><<<grid, 512, 0, s>>>(q.get<float4>(), k.get<float4>(), v.get<float4>(), o.get<float4>(),
                                                   n4, nullptr);
        }
        FUSELAB_LAUNCH_CHECK();
      });
    };
    for (const bool two : {false, true}) {
      const double us[3] = {time(std::integral_constant<Policy, kPolicies[0]>{}, two),
                            time(std::integral_constant<Policy, kPolicies[1]>{}, two),
                            time(std::integral_constant<Policy, kPolicies[2]>{}, two)};
      std::printf("| 1x%dx%dx%d | %.1f | %s |", heads, seq, D, 4.0 * bytes * 1e-6,
                  two ? "Q + K, then V -> O" : "Q + K + V -> O");
      for (const double t : us) std::printf(" %.2f (%.0f) |", t, 4.0 * bytes / t * 1e-3);
      std::printf("\n");
    }
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
