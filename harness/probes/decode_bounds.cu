// Probe: what bounds op decode's split-KV kernels at the family's benchmark
// shapes (experiments/decode/cases.yaml), timed cold as every experiment is
// (the harness's ColdTimer and sampling rule). Per shape:
//   read K+V        a grid-stride float4 kernel that reads K and V once:
//                   the DRAM floor of any decode launch of that shape;
//   v001, v002, v003 the versions' launches (split_kv.cuh: plain; next step
//                   prefetched and evict-first; rows split over warps where
//                   a kv head's group fills 16 rows);
//   v002/v003 math  the same launches with every block loading keys j mod 64
//                   of kv head 0 (split_kv.cuh, kMathOnly): K and V stay in
//                   L1/L2, so this is the math, softmax and partials alone.
// A version near "read K+V" is memory-bound; one near its "math" row is
// bound by the FP32 work (the 75 % copy-ceiling target is then out of reach
// of that kernel structure). No output is checked: the versions' own checks
// do that (`fuselab check decode/...`). D is 128 in every shape here.
//   fuselab_probe_decode_bounds [CASE...]   (default: every benchmark shape)
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "harness/gpu/cold_timer.h"
#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/decode/parts/split_kv.cuh"

namespace {

using fuselab::kernels::DecodeProblem;
using fuselab::kernels::PeKind;
namespace split_kv = fuselab::kernels::decode::split_kv;

struct Shape {
  const char* name;
  int B, Hq, Hkv, Sq, Skv;
};

const Shape kShapes[] = {
    {"b8_h32kv8_s4096_q1", 8, 32, 8, 1, 4096},      {"b8_h32kv8_s32768_q1", 8, 32, 8, 1, 32768},
    {"b1_h32kv8_s131072_q1", 1, 32, 8, 1, 131072},  {"b64_h32kv8_s4096_q1", 64, 32, 8, 1, 4096},
    {"b8_h32kv8_s32768_q4", 8, 32, 8, 4, 32768},    {"b8_h32kv8_s32768_q16", 8, 32, 8, 16, 32768},
    {"b8_h64kv1_s32768_q1", 8, 64, 1, 1, 32768},
};
constexpr int kD = 128;

// Values in [-1, 1) from a multiplicative hash of the index: scores spread
// as real ones do, so the online softmax rescales about as often.
__global__ void fill_hashed(float* x, std::size_t n, unsigned salt) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    x[i] = float(((unsigned(i) ^ salt) * 2654435761u) >> 16) / 32768.f - 1.f;
}

void fill(fuselab::DeviceBuffer& b, unsigned salt) {
  fill_hashed<<<1024, 256>>>(b.get<float>(), b.bytes() / sizeof(float), salt);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

template <bool kPrefetch, bool kStream, bool kByWarp, bool kMathOnly>
void run(const DecodeProblem& p, void* ws, cudaStream_t s) {
  split_kv::launch_with<kD / 32, kPrefetch, kStream, kByWarp, kMathOnly>(p, ws, s);
}

void probe(const Shape& sh, int sms, cudaStream_t stream) {
  DecodeProblem p;
  p.B = sh.B, p.Hq = sh.Hq, p.Hkv = sh.Hkv, p.Sq = sh.Sq, p.Skv = sh.Skv, p.D = kD;
  p.pe = PeKind::RopeNeox;
  p.scale = 1.f / std::sqrt(float(kD));
  const std::size_t q_n = std::size_t(p.B) * p.Hq * p.Sq * kD, kv_n = std::size_t(p.B) * p.Hkv * p.Skv * kD;
  fuselab::DeviceBuffer q(q_n * 4), kv(2 * kv_n * 4), out(q_n * 4), inv(kD / 2 * 4), sink(4);
  const std::size_t ws_bytes = std::max(split_kv::workspace_bytes(p), split_kv::workspace_bytes_rows_by_warp(p));
  fuselab::DeviceBuffer ws(ws_bytes);
  fill(q, 1), fill(kv, 2), fill(inv, 3);
  FUSELAB_CUDA_CHECK(cudaDeviceSynchronize());
  p.q = q.get<float>(), p.k = kv.get<float>(), p.v = kv.get<float>() + kv_n, p.out = out.get<float>();
  p.inv_freq = inv.get<float>();
  const double kv_bytes = 2.0 * double(kv_n) * 4.0;
  const bool by_warp = split_kv::rows_by_warp(p);
  const auto row = [&](const char* what, const fuselab::LaunchFn& launch) {
    const double us = fuselab::probes::cold_median_us(stream, launch);
    std::printf("| %s | %s | %.0f | %.2f | %.0f |\n", sh.name, what, kv_bytes * 1e-6, us, kv_bytes / us * 1e-3);
  };
  row("read K+V", [&](cudaStream_t s) {
    fuselab::probes::read_all<<<unsigned(sms * 8), 512, 0, s>>>(kv.get<float4>(), 2 * kv_n / 4, sink.get<float>());
  });
  void* w = ws.get();
  row("v001", [&](cudaStream_t s) { run<false, false, false, false>(p, w, s); });
  row("v002", [&](cudaStream_t s) { run<true, true, false, false>(p, w, s); });
  row("v002 math only", [&](cudaStream_t s) { run<true, true, false, true>(p, w, s); });
  if (by_warp) {
    row("v003 (rows by warp)", [&](cudaStream_t s) { run<true, false, true, false>(p, w, s); });
    row("v003 math only", [&](cudaStream_t s) { run<true, false, true, true>(p, w, s); });
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  int device = 0, sms = 0;
  FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  cudaStream_t stream;
  FUSELAB_CUDA_CHECK(cudaStreamCreate(&stream));
  std::printf("| shape | launch | K+V MB | cold median us | K+V GB/s |\n|---|---|---:|---:|---:|\n");
  for (const Shape& sh : kShapes) {
    bool wanted = argc < 2;
    for (int i = 1; i < argc; ++i) wanted = wanted || std::strcmp(argv[i], sh.name) == 0;
    if (wanted) probe(sh, sms, stream);
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
