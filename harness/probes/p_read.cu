// Probe: how long does a phase-3 block of the split-D pipeline take to read
// its head's P (64 x 64 floats, 16 KB), and why? In v082's pipeline P lands
// 2.4 us or more after its loads go out even where no V is in flight
// (v094, v099), though phase 2 has just written it to L2.
//
// A reader grid shaped as phase 3 at D = 16384 (64 x 4 blocks of 256
// threads, v028's shared memory, so 2 per SM) reads P; thread 0 of every
// block stamps %globaltimer as the block begins, once its V copies are
// issued (where it has any), once P has landed in shared memory (every
// thread's float4s, then a barrier), once P has landed a second time (the
// same loads again: lines in L2, translations cached), and once V has
// landed. Rows, each a launch sequence timed cold (the harness's ColdTimer:
// L2 flushed by a write before each sample):
//   P in DRAM          the reader alone (P left in DRAM by the flush);
//   P just written     a writer (one block a row of P, as phase 2) first;
//   after Q + K        a read of Q and K (phase 1's bytes), the writer, the
//                      reader: the pipeline's state when phase 3 begins;
//   ... page touched   the same, each reader block first reading 16 KB of
//                      another part of P's 2 MB page (a neighbour 1 MB
//                      away, written with P; the program says whether the
//                      buffer is 2 MB-aligned): a slow first read that the
//                      neighbour speeds up is the translation, not the
//                      lines;
//   ... V first        the same, each reader block first issuing its V
//                      copies as v082's phase 3 does (64 keys x 256 dims,
//                      64 KB, cp.async), then P's loads;
//   ... P's loads first the same with P's loads issued first and V's copies
//                      right behind them, before P lands (v098's order);
//   ... and a barrier  the same with a barrier between P's loads and V's
//                      copies, so that every warp's P is asked for first;
//   ... V on even SMs  blocks on even SMs copy V only, blocks on odd SMs
//                      read P only: P behind other SMs' V, none of its own.
// Per row: the sequence's cold median, and for each interval the median
// over samples of the median and of the latest block.
//   fuselab_probe_p_read [D] [samples]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness/gpu/cold_timer.h"
#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/cuda_check.h"

namespace {

namespace att = fuselab::kernels::attention;
constexpr int kS = 64, kHeads = 4, kThreads = 256, kBlocksPerHead = 64;
constexpr int kNeighbour = 1 << 18;         // floats: the neighbour starts 1 MB after P, in a 2 MB buffer

enum Stamp : int { kBegin, kIssued, kP1, kP2, kVLanded, kStamps };
constexpr int kBlocks = kBlocksPerHead * kHeads;

__device__ __forceinline__ std::uint64_t globaltimer() {
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ void stamp(std::uint64_t* stamps, int s) {
  if (threadIdx.x == 0) stamps[s * kBlocks + blockIdx.x + kBlocksPerHead * blockIdx.y] = globaltimer();
}

// Phase 2's stand-in: block (row, head) writes row `row` of P.
__global__ void write_p(float* p) {
  float* row = p + (std::size_t(blockIdx.y) * kS + blockIdx.x) * kS;
  row[threadIdx.x] = 1.f / kS + 1e-6f * float(threadIdx.x);
  float* other = p + kNeighbour + (std::size_t(blockIdx.y) * kS + blockIdx.x) * kS;  // the neighbour, as P
  other[threadIdx.x] = 1.f / kS;
}

// P's 16 KB of the block's head: each thread's float4s into registers, then
// into dst, then a barrier.
struct PInRegisters {
  float4 x[kS * kS / 4 / kThreads];
  __device__ void load(const float* src) {
#pragma unroll
    for (int r = 0; r < kS * kS / 4 / kThreads; ++r)
      x[r] = att::v019::ld4_maybe_coherent<true>(src + 4 * (threadIdx.x + kThreads * r));  // v082's loads of P
  }
  __device__ void store(float* dst) const {
#pragma unroll
    for (int r = 0; r < kS * kS / 4 / kThreads; ++r) reinterpret_cast<float4*>(dst)[threadIdx.x + kThreads * r] = x[r];
    __syncthreads();
  }
};
__device__ __forceinline__ void read_16k(const float* src, float* dst) {
  PInRegisters r;
  r.load(src);
  r.store(dst);
}

// Keys 0..63, dims 256 blockIdx.x .. + 255 of the head (v082's two V steps):
// 16 copies a thread, one group.
__device__ __forceinline__ void issue_v(const float* v, int D, float* vs) {
  const float* vh = v + std::size_t(blockIdx.y) * kS * D + 256 * blockIdx.x;
#pragma unroll
  for (int r = 0; r < kS * 256 / 4 / kThreads; ++r) {
    const int e = threadIdx.x + kThreads * r, key = e >> 6, c = e & 63;
    fuselab::kernels::cp_async16(vs + key * 256 + 4 * c, vh + std::size_t(key) * D + 4 * c, true);
  }
  fuselab::kernels::cp_async_commit();
}

__device__ __forceinline__ unsigned sm_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

// What a reader block does before P's first read lands.
enum class Order {
  kPAlone,       // P's loads only
  kPageTouched,  // the neighbour's 16 KB read first
  kVThenP,       // V's copies issued, then P's loads (v082)
  kPThenV,       // P's loads issued, then V's copies (v098)
  kPBarrierV,    // P's loads issued, a barrier (every warp's issued), then V's copies
  kVOnOtherSms,  // blocks on even SMs copy V only, blocks on odd SMs read P only
};

template <Order kOrder>
__global__ void __launch_bounds__(kThreads) read_p(const float* p, const float* v, int D, std::uint64_t* stamps) {
  extern __shared__ __align__(16) float smem[];
  float* ps = smem;                // 2 x 16 KB
  float* vs = smem + 2 * kS * kS;  // 64 KB: 64 keys x 256 dims
  const float* ph = p + std::size_t(blockIdx.y) * kS * kS;
  constexpr bool kPFirst = kOrder == Order::kPThenV || kOrder == Order::kPBarrierV;
  bool copies_v = kOrder == Order::kVThenP || kPFirst, reads_p = true;
  if constexpr (kOrder == Order::kVOnOtherSms) copies_v = !(reads_p = sm_id() & 1u);
  stamp(stamps, kBegin);
  PInRegisters first;
  if constexpr (kPFirst) first.load(ph);
  if constexpr (kOrder == Order::kPBarrierV) __syncthreads();  // issued, not waited for
  if (copies_v) issue_v(v, D, vs);
  if constexpr (kOrder == Order::kPageTouched) read_16k(p + kNeighbour + std::size_t(blockIdx.y) * kS * kS, ps);
  stamp(stamps, kIssued);
  if (reads_p) {
    if constexpr (!kPFirst) first.load(ph);
    first.store(ps);
    stamp(stamps, kP1);
    read_16k(ph, ps + kS * kS);
    stamp(stamps, kP2);
  }
  if (copies_v) {
    fuselab::kernels::cp_async_wait<0>();
    __syncthreads();
    stamp(stamps, kVLanded);
  }
  if (ps[threadIdx.x] == 1.2345f && vs[threadIdx.x] == 1.2345f) stamps[0] = 0;  // never; keeps the reads
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int D = argc > 1 ? std::atoi(argv[1]) : 16384;
  const int samples = argc > 2 ? std::atoi(argv[2]) : 31;
  if (D < 256 * kBlocksPerHead || D % 256 != 0 || samples < 1) {
    std::fprintf(stderr, "p_read: D must be a multiple of 256 and at least %d (each of a head's %d reader blocks "
                         "copies 256 dims of V), samples at least 1 (got D %d, samples %d)\n",
                 256 * kBlocksPerHead, kBlocksPerHead, D, samples);
    return 2;
  }
  const std::size_t n = std::size_t(kHeads) * kS * D;
  fuselab::DeviceBuffer q(n * sizeof(float)), k(n * sizeof(float)), v(n * sizeof(float)),
      p(2 * std::size_t(kNeighbour) * sizeof(float)), sink(sizeof(float)),
      stamps(sizeof(std::uint64_t) * kStamps * kBlocks);
  int sms = 0;
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (auto* b : {&q, &k, &v, &p}) fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(b->get<float>(), b->bytes() / 4);
  FUSELAB_LAUNCH_CHECK();
  constexpr std::size_t smem = att::v028::kSmemBytes;  // phase 3's: 2 blocks per SM
  static_assert(smem >= (2 * kS * kS + kS * 256) * sizeof(float), "P twice and 64 KB of V fit");
  for (const void* f : {(const void*)&read_p<Order::kPAlone>, (const void*)&read_p<Order::kPageTouched>,
                        (const void*)&read_p<Order::kVThenP>, (const void*)&read_p<Order::kPThenV>,
                        (const void*)&read_p<Order::kPBarrierV>, (const void*)&read_p<Order::kVOnOtherSms>})
    FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  std::uint64_t* st = stamps.get<std::uint64_t>();
  const float *pp = p.get<float>(), *vp = v.get<float>();
  const dim3 grid(kBlocksPerHead, kHeads);
  auto qk_read = [&](cudaStream_t s) {
    fuselab::probes::read_all<<<sms * 8, 512, 0, s>>>(q.get<float4>(), n / 4, sink.get<float>());
    fuselab::probes::read_all<<<sms * 8, 512, 0, s>>>(k.get<float4>(), n / 4, sink.get<float>());
  };
  auto writer = [&](cudaStream_t s) { write_p<<<dim3(kS, kHeads), kS, 0, s>>>(p.get<float>()); };
  struct Row {
    const char* name;
    fuselab::LaunchFn launch;
  };
  const std::vector<Row> rows = {
      {"P in DRAM", [&](cudaStream_t s) { read_p<Order::kPAlone><<<grid, kThreads, smem, s>>>(pp, vp, D, st); }},
      {"P just written",
       [&](cudaStream_t s) {
         writer(s);
         read_p<Order::kPAlone><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
      {"after Q + K",
       [&](cudaStream_t s) {
         qk_read(s);
         writer(s);
         read_p<Order::kPAlone><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
      {"after Q + K, page touched",
       [&](cudaStream_t s) {
         qk_read(s);
         writer(s);
         read_p<Order::kPageTouched><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
      {"after Q + K, V first",
       [&](cudaStream_t s) {
         qk_read(s);
         writer(s);
         read_p<Order::kVThenP><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
      {"after Q + K, P's loads first, then V",
       [&](cudaStream_t s) {
         qk_read(s);
         writer(s);
         read_p<Order::kPThenV><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
      {"after Q + K, P's loads first, a barrier, then V",
       [&](cudaStream_t s) {
         qk_read(s);
         writer(s);
         read_p<Order::kPBarrierV><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
      {"after Q + K, V on even SMs only, P on odd SMs only",
       [&](cudaStream_t s) {
         qk_read(s);
         writer(s);
         read_p<Order::kVOnOtherSms><<<grid, kThreads, smem, s>>>(pp, vp, D, st);
       }},
  };

  std::printf("1x4x64x%d, a reader grid shaped as phase 3 (%d blocks of %d threads, 2 per SM); %d cold samples; "
              "us: median over samples of the median / latest block; P's buffer %s2 MB-aligned\n\n",
              D, kBlocks, kThreads, samples, reinterpret_cast<std::uintptr_t>(pp) % (2u << 20) ? "NOT " : "");
  std::printf("| sequence | cold median us | reader blocks begin (spread) | V issued or page touched (after begin) | P landed "
              "(after that) | P again (after that) | V landed (after begin) |\n|---|---:|---:|---:|---:|---:|---:|\n");
  std::vector<std::uint64_t> host(std::size_t(kStamps) * kBlocks);
  for (const Row& row : rows) {
    // Per interval: the median block's and the latest block's, one per sample.
    std::vector<double> spread, mid[kStamps], last[kStamps], times;
    fuselab::ColdTimer timer(stream, row.launch);
    timer.warm_up();
    for (int i = 0; i < samples; ++i) {
      FUSELAB_CUDA_CHECK(cudaMemsetAsync(stamps.get(), 0, stamps.bytes(), stream));
      times.push_back(timer.sample() * 1e6);
      FUSELAB_CUDA_CHECK(cudaMemcpy(host.data(), stamps.get(), stamps.bytes(), cudaMemcpyDeviceToHost));
      std::vector<double> begin;
      for (int b = 0; b < kBlocks; ++b) begin.push_back(double(host[kBegin * kBlocks + b]));
      const auto [lo, hi] = std::minmax_element(begin.begin(), begin.end());
      spread.push_back((*hi - *lo) * 1e-3);
      for (int s = kIssued; s < kStamps; ++s) {
        const int from = s == kVLanded ? kBegin : s - 1;  // each interval from the stamp before (V: from begin)
        std::vector<double> d;
        for (int b = 0; b < kBlocks; ++b)
          if (host[s * kBlocks + b])
            d.push_back(double(host[s * kBlocks + b] - host[from * kBlocks + b]) * 1e-3);
        if (d.empty()) continue;
        std::sort(d.begin(), d.end());
        mid[s].push_back(d[d.size() / 2]);
        last[s].push_back(d.back());
      }
    }
    auto cell = [&](int s) {
      if (mid[s].empty()) return std::string();
      char buf[48];
      std::snprintf(buf, sizeof buf, "%.2f / %.2f", median_of(mid[s]), median_of(last[s]));
      return std::string(buf);
    };
    std::printf("| %s | %.2f | %.2f | %s | %s | %s | %s |\n", row.name, median_of(times), median_of(spread),
                cell(kIssued).c_str(), cell(kP1).c_str(), cell(kP2).c_str(), cell(kVLanded).c_str());
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
