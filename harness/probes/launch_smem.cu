// Probe: what a cold launch of the D = 128 head tile's grid (128 blocks of
// 512 threads) pays for the shared memory it reserves. Right before every
// timed launch the cold timer runs its flush, a store kernel with no shared
// memory; a launch that needs a larger shared-memory carve-out than the one
// the SMs were left in may wait for them to reconfigure. head_tile_reads
// timed the empty grid at 0.90-1.02 us and the same with 64 KB of dynamic
// shared memory at 1.09-1.25 us (calls 0042Z, 0052Z, 0617Z of 2026-11-26),
// but one row after the other, where regimes ~1 us apart come and go. Here
// every variant is an empty kernel of its own (the carve-out preference is
// an attribute of the function), timed in turns: each round one cold sample
// of every variant (the harness's ColdTimer), the order rotated each round.
// Per variant: the median, and the paired difference from the grid without
// shared memory (per round, this variant's sample minus that one's; the
// median over rounds with a bootstrap interval). Every variant has a timer
// of its own, and so a flush buffer of its own; as a control, the grid
// without shared memory runs again under kControls more timers, and under
// kControls timers that share one flush buffer. Where the first controls
// differ as much as the variants, what moves a row is its timer's
// allocation, not its shared memory (call 0628Z: the variants' order
// changed from machine to machine); where the shared-buffer ones agree, it
// is the flush buffer.
//   fuselab_probe_launch_smem [ROUNDS]   (default 400)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "harness/core/stats.h"
#include "harness/gpu/cold_timer.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/check.cuh"

namespace {

constexpr int kGrid = 128, kThreads = 512;
constexpr int kControls = 6;

template <int kVariant>
__global__ void empty_kernel() {}

struct Variant {
  std::string name;
  fuselab::LaunchFn launch;
  std::unique_ptr<fuselab::ColdTimer> timer;
  std::vector<double> us;
};

// An empty kernel of its own with `smem` bytes of dynamic shared memory and
// carve-out preference `carveout` (percent of the unified cache; -1: the
// default, none set).
template <int kVariant>
Variant variant(const char* name, int smem, int carveout) {
  if (smem > 48 * 1024) fuselab::kernels::set_max_dynamic_smem(&empty_kernel<kVariant>, smem);
  if (carveout >= 0)
    FUSELAB_CUDA_CHECK(
        cudaFuncSetAttribute(&empty_kernel<kVariant>, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
  return {name, [smem](cudaStream_t s) { empty_kernel<kVariant><<<kGrid, kThreads, smem, s>>>(); }, nullptr, {}};
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 400;
  if (rounds < 10) {
    std::fprintf(stderr, "launch_smem: ROUNDS must be at least 10 (got %s)\n", argv[1]);
    return 2;
  }
  cudaStream_t stream{};
  fuselab::DeviceBuffer shared_flush;  // declared before the timers that use it: it outlives them
  std::vector<Variant> vs;
  try {
    FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    vs.push_back(variant<0>("no shared memory", 0, -1));
    vs.push_back(variant<1>("1 KB", 1024, -1));
    vs.push_back(variant<2>("8 KB", 8 * 1024, -1));
    vs.push_back(variant<3>("32 KB", 32 * 1024, -1));
    vs.push_back(variant<4>("64 KB", 64 * 1024, -1));
    vs.push_back(variant<5>("100 KB", 100 * 1024, -1));
    vs.push_back(variant<8>("120 KB", 120 * 1024, -1));
    vs.push_back(variant<9>("200 KB", 200 * 1024, -1));
    vs.push_back(variant<6>("no shared memory, carve-out preference 100 %", 0, 100));
    vs.push_back(variant<7>("64 KB, carve-out preference 100 %", 64 * 1024, 100));
    // The controls: the first variant's launch again under timers of their
    // own, kControls with a flush buffer each (a new allocation), kControls
    // sharing one.
    for (int t = 1; t <= kControls; ++t)
      vs.push_back({"no shared memory, timer " + std::to_string(t + 1), vs[0].launch, nullptr, {}});
    const std::size_t own = vs.size();
    for (int t = 1; t <= kControls; ++t)
      vs.push_back({"no shared memory, shared flush buffer, timer " + std::to_string(t), vs[0].launch, nullptr, {}});
    int device = 0, l2 = 0;
    FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
    FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    shared_flush = fuselab::DeviceBuffer(2 * std::size_t(l2));
    for (std::size_t i = 0; i < vs.size(); ++i) {
      Variant& v = vs[i];
      v.launch(stream);
      FUSELAB_CUDA_CHECK(cudaGetLastError());
      fuselab::ColdTimerOptions options;
      if (i >= own) options.shared_flush = &shared_flush;
      v.timer = std::make_unique<fuselab::ColdTimer>(stream, v.launch, options);
      v.timer->warm_up();
      v.us.reserve(rounds);
    }
    const std::size_t n = vs.size();
    for (int r = 0; r < rounds; ++r)
      for (std::size_t i = 0; i < n; ++i) {
        Variant& v = vs[(i + r) % n];
        v.us.push_back(v.timer->sample() * 1e6);
      }
  } catch (const std::exception& err) {
    std::fprintf(stderr, "launch_smem: %s\n", err.what());
    return 2;
  }

  std::printf("%d rounds, one cold sample of every variant per round, order rotated each round; grid %d x %d threads\n\n",
              rounds, kGrid, kThreads);
  std::printf("| empty launch | median us | minus the grid without shared memory, paired (us) |\n|---|---:|---:|\n");
  for (const Variant& v : vs) {
    std::vector<double> diff(v.us.size());
    for (std::size_t r = 0; r < diff.size(); ++r) diff[r] = v.us[r] - vs[0].us[r];
    const fuselab::Interval d = fuselab::bootstrap_median(diff);
    std::printf("| %s | %.2f | %+.2f [%+.2f, %+.2f] |\n", v.name.c_str(), fuselab::summarize(v.us).median, d.mid,
                d.low, d.high);
  }
  return 0;
}
