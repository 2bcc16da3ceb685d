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

// About 1 us of dependent arithmetic (500 FMAs, 4 cycles each) on one warp.
__global__ void tiny_kernel(float* out, int steps) {
  float x = threadIdx.x;
  for (int i = 0; i < steps; ++i) x = fmaf(x, 0.9999f, 0.5f);
  if (x == -1.f) out[0] = x;
}

double median_of(const std::vector<double>& v) { return summarize(v).median; }

std::vector<double> micros(std::vector<double> seconds) {
  for (double& x : seconds) x *= 1e6;
  return seconds;
}

}  // namespace

nlohmann::json run_calibration(const nlohmann::json& ceilings) {
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  nlohmann::json out;
  {
    SamplingRule rule;
    int sms = 0;
    FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));

    const size_t half = size_t(512) << 20;
    DeviceBuffer src(half), dst(half);
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(src.get(), 3, half, stream));
    const auto copy_launch = [&](size_t bytes) {
      return [&, bytes](cudaStream_t s) {
        copy_kernel<<<sms * 8, 512, 0, s>>>(src.get<float4>(), dst.get<float4>(),
                                           bytes / sizeof(float4));
        FUSELAB_LAUNCH_CHECK();
      };
    };
    ColdTimer copy(stream, copy_launch(half));
    copy.warm_up();
    const auto copy_s = sample_until_stable([&] { return copy.sample(); }, rule);
    const double gbps = 2.0 * double(half) / median_of(copy_s) * 1e-9;
    const double ceiling = ceilings.at("copy_GBps").get<double>();
    out["copy_kernel_1GiB"] = {{"GBps", gbps},
                               {"fraction_of_ceiling", gbps / ceiling},
                               {"pass", gbps / ceiling >= 0.90},
                               {"stats_us", to_json(summarize(micros(copy_s)))}};

    DeviceBuffer sink(sizeof(float));
    const LaunchFn tiny = [&](cudaStream_t s) {
      tiny_kernel<<<1, 32, 0, s>>>(sink.get<float>(), 500);
      FUSELAB_LAUNCH_CHECK();
    };
    // The criterion: the timing method itself adds less than 20 % to a ~1 us
    // kernel. The method (held stream, flush graph, flush+launch graph, the
    // difference) runs with a 4 KB flush, so the caches stay warm and the
    // only difference from graph replay is the method; three independent
    // timers (fresh graphs and buffers each), all must agree. The truly cold
    // number is reported beside it: a kernel whose code and arguments were
    // just evicted legitimately runs slower, so it is information, not a test.
    HotTimer hot(stream, tiny, 100);
    const double replay = median_of(sample_until_stable([&] { return hot.sample(); }, rule));
    nlohmann::json held_reps = nlohmann::json::array();
    bool all_within = true;
    ColdTimerOptions warm;
    warm.flush_bytes = 4096;
    for (int rep = 0; rep < 3; ++rep) {
      ColdTimer held(stream, tiny, warm);
      held.warm_up();
      const double t = median_of(sample_until_stable([&] { return held.sample(); }, rule));
      held_reps.push_back(t / replay);
      all_within &= std::fabs(t / replay - 1.0) <= 0.20;
    }
    ColdTimer cold(stream, tiny);
    cold.warm_up();
    const double cold_t = median_of(sample_until_stable([&] { return cold.sample(); }, rule));
    out["tiny_kernel"] = {{"graph_replay_median_us", replay * 1e6},
                          {"held_warm_over_replay", held_reps},
                          {"cold_over_replay", cold_t / replay},
                          {"pass", all_within}};

    ColdTimer copy64(stream, copy_launch(size_t(32) << 20));  // 32 MiB read + 32 MiB written
    copy64.warm_up();
    const auto first = sample_until_stable([&] { return copy64.sample(); }, rule);
    const auto second = sample_until_stable([&] { return copy64.sample(); }, rule);
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
