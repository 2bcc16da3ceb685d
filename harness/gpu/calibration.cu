#include "harness/gpu/calibration.h"

#include <cmath>

#include "harness/core/stats.h"
#include "harness/gpu/cold_timer.h"
#include "harness/gpu/sampling.h"

namespace fuselab {
namespace {

__global__ void copy_kernel(const float4* __restrict__ in, float4* __restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

// About 1 us of dependent arithmetic on one block.
__global__ void tiny_kernel(float* out, int steps) {
  float x = threadIdx.x;
  for (int i = 0; i < steps; ++i) x = fmaf(x, 0.9999f, 0.5f);
  if (x == -1.f) out[0] = x;
}

double median_of(const std::vector<double>& v) { return summarize(v).median; }

}  // namespace

nlohmann::json run_calibration(const nlohmann::json& ceilings) {
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  nlohmann::json out;
  {
    ColdTimer cold(stream);
    SamplingRule rule;
    int sms = 0;
    FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));

    const size_t half = size_t(512) << 20;
    DeviceBuffer src(half), dst(half);
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(src.get(), 3, half, stream));
    const size_t n4 = half / sizeof(float4);
    const LaunchFn copy = [&](cudaStream_t s) {
      copy_kernel<<<sms * 8, 512, 0, s>>>(src.get<float4>(), dst.get<float4>(), n4);
      FUSELAB_LAUNCH_CHECK();
    };
    cold.warm_up(copy);
    for (int i = 0; i < 3; ++i) cold.sample(copy);
    const auto copy_s = sample_until_stable([&] { return cold.sample(copy); }, rule);
    const double gbps = 2.0 * double(half) / median_of(copy_s) * 1e-9;
    const double ceiling = ceilings.at("copy_GBps").get<double>();
    out["copy_kernel_1GiB"] = {{"GBps", gbps},
                               {"fraction_of_ceiling", gbps / ceiling},
                               {"pass", gbps / ceiling >= 0.90},
                               {"stats_us", to_json(summarize(copy_s))}};

    DeviceBuffer sink(sizeof(float));
    const LaunchFn tiny = [&](cudaStream_t s) {
      tiny_kernel<<<1, 32, 0, s>>>(sink.get<float>(), 160);
      FUSELAB_LAUNCH_CHECK();
    };
    cold.warm_up(tiny);
    for (int i = 0; i < 3; ++i) cold.sample(tiny);
    const auto tiny_cold = sample_until_stable([&] { return cold.sample(tiny); }, rule);
    HotTimer hot(stream, tiny, 100);
    const auto tiny_hot = sample_until_stable([&] { return hot.sample(); }, rule);
    const double ratio = median_of(tiny_cold) / median_of(tiny_hot);
    out["tiny_kernel"] = {{"cold_median_us", median_of(tiny_cold) * 1e6},
                          {"graph_replay_median_us", median_of(tiny_hot) * 1e6},
                          {"cold_over_replay", ratio},
                          {"pass", std::fabs(ratio - 1.0) <= 0.20}};

    const LaunchFn copy64 = [&](cudaStream_t s) {
      const size_t n = (size_t(32) << 20) / sizeof(float4);  // 32 MiB read + 32 MiB written
      copy_kernel<<<sms * 8, 512, 0, s>>>(src.get<float4>(), dst.get<float4>(), n);
      FUSELAB_LAUNCH_CHECK();
    };
    const auto first = sample_until_stable([&] { return cold.sample(copy64); }, rule);
    const auto second = sample_until_stable([&] { return cold.sample(copy64); }, rule);
    const double drift = median_of(second) / median_of(first) - 1.0;
    out["repeatability_64MB_copy"] = {{"first_median_us", median_of(first) * 1e6},
                                      {"second_median_us", median_of(second) * 1e6},
                                      {"relative_difference", drift},
                                      {"pass", std::fabs(drift) <= 0.03}};
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return out;
}

}  // namespace fuselab
