// Timing of one launch (which may be several kernels) the way DESIGN.md §5
// says, with host launch latency and event overhead kept out:
//
// Cold: two CUDA graphs are captured once, F = [flush L2] and
// F+L = [flush L2, the launch]; the flush is a store kernel writing twice the
// L2 size. For each
// sample a spinning kernel holds the stream while events and both graphs are
// queued behind it:  hold | e0 | F | e1 | F+L | e2 | release.
// The sample is (e2 - e1) - (e1 - e0): the launch after a flush, minus the
// flush alone (graph replay minus a flush-only graph). Persisting-L2 lines
// are reset before every sample.
//
// Hot: the launch captured many times into one graph and replayed with the
// L2 warm; time per launch.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <string>

#include "harness/gpu/device_buffer.h"

namespace fuselab {

using LaunchFn = std::function<void(cudaStream_t)>;

// A captured graph and its executable; empty until capture() succeeds.
class CapturedGraph {
 public:
  CapturedGraph() = default;
  CapturedGraph(const CapturedGraph&) = delete;
  CapturedGraph& operator=(const CapturedGraph&) = delete;
  ~CapturedGraph();
  // Records what `body` enqueues on `stream`. Throws with the reason when it
  // cannot be captured (e.g. the launch synchronises or allocates).
  void capture(cudaStream_t stream, const LaunchFn& body);
  void launch(cudaStream_t stream) const;

 private:
  cudaGraph_t graph_{};
  cudaGraphExec_t exec_{};
};

// How a ColdTimer departs from the protocol; the defaults are DESIGN.md §5's.
struct ColdTimerOptions {
  // < 0: twice the L2 size. A small value (the calibration's "held, warm"
  // variant) keeps the method and leaves the caches warm.
  long flush_bytes = -1;
  // Flush with this buffer (its whole size, flush_bytes ignored) instead of
  // one of the timer's own; it must outlive the timer (fuselab_probe_launch_smem:
  // timers that share one buffer).
  const DeviceBuffer* shared_flush = nullptr;
  // Appended to the flush-only graph, so that the sample subtracts
  // [flush, baseline] instead of [flush] (fuselab_probe_timer_spread: an
  // empty one-block launch makes both graphs two nodes long).
  LaunchFn baseline;
};

class ColdTimer {
 public:
  ColdTimer(cudaStream_t stream, const LaunchFn& launch, const ColdTimerOptions& options = {});
  ~ColdTimer();
  ColdTimer(const ColdTimer&) = delete;
  ColdTimer& operator=(const ColdTimer&) = delete;

  // Runs flush + launch once with the stream not held (module loading,
  // first-touch state), then synchronises.
  void warm_up();
  // Seconds of one cold launch. `before` runs on the stream ahead of the
  // sample, outside the timed region (used to poison the output before the
  // last timed launch).
  double sample(const LaunchFn& before = nullptr);
  // The flush alone, launched on `stream` (fuselab_probe_dirty_flush runs it
  // outside a sample, for a profiler).
  void flush(cudaStream_t stream) const;

 private:
  cudaStream_t stream_;
  DeviceBuffer own_flush_;
  const DeviceBuffer* flush_ = &own_flush_;  // own_flush_ or the shared one
  unsigned flush_blocks_ = 1;
  CapturedGraph flush_only_, flush_and_launch_;
  int* host_flag_ = nullptr;  // [0]: release the stream, [1]: the hold timed out
  int* device_flag_ = nullptr;
  cudaEvent_t e0_{}, e1_{}, e2_{};
};

class HotTimer {
 public:
  HotTimer(cudaStream_t stream, const LaunchFn& launch, int launches_per_graph);
  ~HotTimer();
  HotTimer(const HotTimer&) = delete;
  HotTimer& operator=(const HotTimer&) = delete;
  double sample();  // seconds per launch, L2 warm

 private:
  cudaStream_t stream_;
  int launches_;
  CapturedGraph graph_;
  cudaEvent_t start_{}, stop_{};
};

}  // namespace fuselab
