// Probe: what in a cold timer moves a few-µs launch. The same empty launch
// of the D = 128 head tile's grid (128 blocks of 512 threads) reads 1.44-2.08
// µs under different ColdTimers, each timer keeping its own value (note of
// 2026-11-26 06:31); timers that share one flush buffer spread as much, so
// the buffer is not it. Here the launch is timed under kTimers timers of
// each kind, all in turns (one cold sample of every timer per round, the
// order rotated each round):
//   as the harness     DESIGN.md §5's timer: [flush] subtracted from
//                      [flush, launch], the flush a write of twice L2;
//   warm               the same with a 4 KB flush: nothing the launch path
//                      needs is evicted;
//   two-node baseline  [flush, an empty one-block launch] subtracted, so
//                      both graphs hold two nodes (the sample is then the
//                      launch over an empty one).
// Where a kind's timers agree (a small spread of their medians) and the
// harness's do not, that kind names what moves them. (Call 0733Z of
// 2026-11-26 also had a clean flush, the buffer read back after it was
// written: its samples came out negative, -2.5 to -4.2 us, so [flush] and
// [flush, launch] did not take the same flush time, and it was dropped.)
//   fuselab_probe_timer_spread [ROUNDS]   (default 300)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "harness/core/stats.h"
#include "harness/gpu/cold_timer.h"
#include "kernels/common/cuda_check.h"

namespace {

constexpr int kGrid = 128, kThreads = 512, kTimers = 6;

__global__ void empty_kernel() {}

struct Kind {
  std::string name;
  fuselab::ColdTimerOptions options;
};

struct Timer {
  int kind;
  std::unique_ptr<fuselab::ColdTimer> timer;
  std::vector<double> us;
};

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 300;
  if (rounds < 10) {
    std::fprintf(stderr, "timer_spread: ROUNDS must be at least 10 (got %s)\n", argv[1]);
    return 2;
  }
  const fuselab::LaunchFn launch = [](cudaStream_t s) { empty_kernel<<<kGrid, kThreads, 0, s>>>(); };
  const fuselab::LaunchFn one_block = [](cudaStream_t s) { empty_kernel<<<1, 32, 0, s>>>(); };
  std::vector<Kind> kinds(3);
  kinds[0].name = "as the harness";
  kinds[1].name = "warm (4 KB flush)";
  kinds[1].options.flush_bytes = 4096;
  kinds[2].name = "two-node baseline";
  kinds[2].options.baseline = one_block;

  cudaStream_t stream{};
  std::vector<Timer> timers;
  try {
    FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    launch(stream);
    one_block(stream);
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    for (int t = 0; t < kTimers; ++t)  // kinds interleaved in creation order too
      for (int k = 0; k < int(kinds.size()); ++k) {
        Timer timer{k, std::make_unique<fuselab::ColdTimer>(stream, launch, kinds[k].options), {}};
        timer.timer->warm_up();
        timer.us.reserve(rounds);
        timers.push_back(std::move(timer));
      }
    const std::size_t n = timers.size();
    for (int r = 0; r < rounds; ++r)
      for (std::size_t i = 0; i < n; ++i) {
        Timer& t = timers[(i + r) % n];
        t.us.push_back(t.timer->sample() * 1e6);
      }
  } catch (const std::exception& err) {
    std::fprintf(stderr, "timer_spread: %s\n", err.what());
    return 2;
  }

  std::printf("%d rounds, one cold sample of every timer per round, order rotated; empty launch of %d x %d threads\n\n",
              rounds, kGrid, kThreads);
  std::printf("| timer kind | each timer's median, us | spread (max - min) | mean |\n|---|---|---:|---:|\n");
  for (int k = 0; k < int(kinds.size()); ++k) {
    std::vector<double> medians;
    for (const Timer& t : timers)
      if (t.kind == k) medians.push_back(fuselab::summarize(t.us).median);
    std::string each;
    for (const double m : medians) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%s%.2f", each.empty() ? "" : ", ", m);
      each += buf;
    }
    const auto [lo, hi] = std::minmax_element(medians.begin(), medians.end());
    double mean = 0.0;
    for (const double m : medians) mean += m / double(medians.size());
    std::printf("| %s | %s | %.2f | %.2f |\n", kinds[k].name.c_str(), each.c_str(), *hi - *lo, mean);
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
