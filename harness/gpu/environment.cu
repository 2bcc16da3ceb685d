#include "harness/gpu/environment.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <algorithm>

#include "harness/core/stats.h"
#include "harness/gpu/cold_timer.h"

namespace fuselab {
namespace {

constexpr int kFmaChains = 8;
constexpr int kFmaIterations = 4096;

// Independent FMA chains per thread: the FP32 pipe's rate, not latency.
__global__ void fma_rate_kernel(float* out, float seed) {
  float acc[kFmaChains];
#pragma unroll
  for (int c = 0; c < kFmaChains; ++c) acc[c] = seed + threadIdx.x + c;
  for (int i = 0; i < kFmaIterations; ++i) {
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c) acc[c] = fmaf(acc[c], 0.999999f, 1e-7f);
  }
  float sum = 0.f;
#pragma unroll
  for (int c = 0; c < kFmaChains; ++c) sum += acc[c];
  if (sum == 12345.f) out[0] = sum;  // keeps the chains alive
}

// CUDA device 0's UUID as nvidia-smi writes it (GPU-xxxxxxxx-xxxx-...), or
// empty. Under CUDA_VISIBLE_DEVICES (a shard of `fuselab sweep`) device 0 is
// not nvidia-smi's GPU 0: queries name the GPU by this UUID.
std::string device_uuid() {
  static const std::string uuid = [] {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) return std::string();
    const auto* b = reinterpret_cast<const unsigned char*>(prop.uuid.bytes);
    char text[64];
    std::snprintf(text, sizeof text,
                  "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                  b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return std::string(text);
  }();
  return uuid;
}

// Clocks and throttle reasons come from nvidia-smi (part of the driver): the
// binary links nothing of the driver's, so it starts on machines without one.
// The GPU is named by its UUID (nvidia-smi ignores CUDA_VISIBLE_DEVICES);
// where nvidia-smi does not know it (a MIG instance) and no
// CUDA_VISIBLE_DEVICES is set, nvidia-smi's GPU 0, as before issue 40.
std::vector<std::string> nvidia_smi_query_id(const std::string& id, const std::string& fields);

std::vector<std::string> nvidia_smi_query(const std::string& fields) {
  const std::string uuid = device_uuid();
  if (!uuid.empty()) {
    auto values = nvidia_smi_query_id(uuid, fields);
    if (!values.empty() || std::getenv("CUDA_VISIBLE_DEVICES")) return values;
  }
  return nvidia_smi_query_id("0", fields);
}

std::vector<std::string> nvidia_smi_query_id(const std::string& id, const std::string& fields) {
  const std::string cmd =
      "nvidia-smi --id=" + id + " --query-gpu=" + fields + " --format=csv,noheader,nounits 2>/dev/null";
  std::vector<std::string> values;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return values;
  char buf[512] = {};
  const bool got = fgets(buf, sizeof buf, pipe) != nullptr;
  if (pclose(pipe) != 0 || !got) return values;
  std::stringstream line(buf);
  std::string item;
  while (std::getline(line, item, ',')) {
    const auto first = item.find_first_not_of(" \n");
    const auto last = item.find_last_not_of(" \n");
    values.push_back(first == std::string::npos ? "" : item.substr(first, last - first + 1));
  }
  return values;
}

unsigned to_unsigned(const std::string& s) {
  try {
    return static_cast<unsigned>(std::stoul(s));
  } catch (const std::exception&) {
    return 0;
  }
}

// Copy kernels for the ceiling, which is the best of them. (A cudaMemcpyAsync
// node in a graph runs on the copy engines: 2.4 TB/s on the H100, below what
// the SMs reach; the unrolled grid-stride kernel alone gave 2.83 TB/s while a
// standalone RoPE kernel with one float4 pair per thread moved 3.0 TB/s.)
__global__ void copy_one_per_thread(const float4* __restrict__ in, float4* __restrict__ out,
                                    size_t n) {
  const size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i];
}

__global__ void copy_unrolled(const float4* __restrict__ in, float4* __restrict__ out,
                                    size_t n) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  for (; i + 3 * stride < n; i += 4 * stride) {
    const float4 a = in[i], b = in[i + stride], c = in[i + 2 * stride], d = in[i + 3 * stride];
    out[i] = a;
    out[i + stride] = b;
    out[i + 2 * stride] = c;
    out[i + 3 * stride] = d;
  }
  for (; i < n; i += stride) out[i] = in[i];
}

}  // namespace

std::string cuda_unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorNoDevice || status == cudaErrorInsufficientDriver)
    return std::string("no CUDA GPU on this machine (the CUDA runtime says: ") + cudaGetErrorString(status) + ")";
  if (status != cudaSuccess)
    return std::string("no usable CUDA device (") + cudaGetErrorString(status) + ")";
  if (count == 0) return "no CUDA device on this machine";
  return "";
}

GpuEnvironment read_gpu_environment() {
  GpuEnvironment e;
  cudaDeviceProp prop{};
  FUSELAB_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  e.name = prop.name;
  e.sm_count = prop.multiProcessorCount;
  e.cc_major = prop.major;
  e.cc_minor = prop.minor;
  e.l2_bytes = prop.l2CacheSize;
  FUSELAB_CUDA_CHECK(cudaDriverGetVersion(&e.driver_version));
  FUSELAB_CUDA_CHECK(cudaRuntimeGetVersion(&e.runtime_version));
  e.uuid = device_uuid();
  if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES")) e.cuda_visible_devices = visible;
  const auto v = nvidia_smi_query("driver_version,clocks.sm,clocks.max.sm,clocks.mem,index");
  if (v.size() == 5) {
    e.driver_text = v[0];
    e.sm_clock_mhz = to_unsigned(v[1]);
    e.sm_clock_max_mhz = to_unsigned(v[2]);
    e.mem_clock_mhz = to_unsigned(v[3]);
    e.index = v[4].empty() ? -1 : static_cast<int>(to_unsigned(v[4]));
  }
  return e;
}

nlohmann::json read_clock_state() {
  const auto v = nvidia_smi_query("clocks.sm,clocks_event_reasons.active,temperature.gpu");
  if (v.size() != 3) return {{"available", false}};
  // Bit 0 (idle) and bit 1 (application clock setting) are not throttling.
  const unsigned long long reasons = std::strtoull(v[1].c_str(), nullptr, 16);
  nlohmann::json state = {{"available", true},
                          {"sm_clock_mhz", to_unsigned(v[0])},
                          {"clock_event_reasons", v[1]},
                          {"throttled", (reasons & ~0x3ull) != 0}};
  if (!v[2].empty() && v[2].find_first_not_of("0123456789") == std::string::npos)
    state["temperature_c"] = to_unsigned(v[2]);
  return state;
}

nlohmann::json to_json(const GpuEnvironment& e) {
  return {{"name", e.name},
          {"sm_count", e.sm_count},
          {"compute_capability", std::to_string(e.cc_major) + "." + std::to_string(e.cc_minor)},
          {"l2_bytes", e.l2_bytes},
          {"driver_version", e.driver_version},
          {"driver", e.driver_text},
          {"runtime_version", e.runtime_version},
          {"sm_clock_mhz", e.sm_clock_mhz},
          {"sm_clock_max_mhz", e.sm_clock_max_mhz},
          {"mem_clock_mhz", e.mem_clock_mhz},
          {"index", e.index >= 0 ? nlohmann::json(e.index) : nlohmann::json(nullptr)},
          {"uuid", e.uuid},
          {"cuda_visible_devices", e.cuda_visible_devices}};
}

Ceilings measure_ceilings() {
  Ceilings c;
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  {
    const std::size_t half = std::size_t(512) << 20;  // 512 MiB read + 512 MiB written
    DeviceBuffer src(half), dst(half);
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(src.get(), 1, half, stream));
    int sms = 0;
    FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const size_t n4 = half / sizeof(float4);
    const LaunchFn variants[] = {
        [&](cudaStream_t s) {
          copy_one_per_thread<<<unsigned((n4 + 255) / 256), 256, 0, s>>>(
              src.get<float4>(), dst.get<float4>(), n4);
          FUSELAB_LAUNCH_CHECK();
        },
        [&](cudaStream_t s) {
          copy_unrolled<<<sms * 4, 512, 0, s>>>(src.get<float4>(), dst.get<float4>(), n4);
          FUSELAB_LAUNCH_CHECK();
        },
        [&](cudaStream_t s) {
          copy_unrolled<<<sms * 16, 256, 0, s>>>(src.get<float4>(), dst.get<float4>(), n4);
          FUSELAB_LAUNCH_CHECK();
        }};
    c.copy_bytes = 2.0 * static_cast<double>(half);
    for (const LaunchFn& variant : variants) {
      ColdTimer copy(stream, variant);
      copy.warm_up();
      std::vector<double> samples;
      for (int i = 0; i < 10; ++i) samples.push_back(copy.sample());
      c.copy_bytes_per_s = std::max(c.copy_bytes_per_s, c.copy_bytes / summarize(samples).median);
    }

    const int threads = 256, blocks = sms * 8;
    DeviceBuffer sink(sizeof(float));
    ColdTimer fma(stream, [&](cudaStream_t s) {
      fma_rate_kernel<<<blocks, threads, 0, s>>>(sink.get<float>(), 1.f);
      FUSELAB_LAUNCH_CHECK();
    });
    fma.warm_up();
    std::vector<double> fma_s;
    for (int i = 0; i < 5; ++i) fma_s.push_back(fma.sample());
    const double flops = 2.0 * threads * blocks * kFmaChains * double(kFmaIterations);
    c.fp32_flop_per_s = flops / summarize(fma_s).median;
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return c;
}

nlohmann::json to_json(const Ceilings& c) {
  return {{"copy_GBps", c.copy_bytes_per_s * 1e-9},
          {"copy_bytes", c.copy_bytes},
          {"fp32_TFLOPs", c.fp32_flop_per_s * 1e-12}};
}

}  // namespace fuselab
