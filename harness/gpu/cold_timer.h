// Timing of one launch (which may be several kernels) the way DESIGN.md §5
// says. Cold: before each sample the L2 is flushed (a write of twice its
// size) and the persisting-L2 lines are reset; then a blocking kernel holds
// the stream while the launch is queued behind it, so host launch latency is
// outside the events (nvbench's method). Hot: the launch captured many times
// into a CUDA graph, replayed, time per launch.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <optional>
#include <string>

#include "harness/gpu/device_buffer.h"

namespace fuselab {

using LaunchFn = std::function<void(cudaStream_t)>;

class ColdTimer {
 public:
  explicit ColdTimer(cudaStream_t stream);
  ~ColdTimer();
  ColdTimer(const ColdTimer&) = delete;
  ColdTimer& operator=(const ColdTimer&) = delete;

  // One launch with the stream not held, then a synchronise: loads its
  // modules and allocates lazily-created state before any held sample.
  void warm_up(const LaunchFn& launch);

  // Seconds of one cold launch. `before_flush` runs on the stream before the
  // flush (used to poison the output ahead of the last timed launch).
  double sample(const LaunchFn& launch, const LaunchFn& before_flush = nullptr);

 private:
  cudaStream_t stream_;
  DeviceBuffer flush_;
  int* host_flag_ = nullptr;  // [0]: release the stream, [1]: the hold timed out
  int* device_flag_ = nullptr;
  cudaEvent_t start_{}, stop_{};
  int flush_value_ = 0;
};

class HotTimer {
 public:
  // Captures `launches_per_graph` launches into a graph. Throws if the launch
  // cannot be captured (the message says why).
  HotTimer(cudaStream_t stream, const LaunchFn& launch, int launches_per_graph);
  ~HotTimer();
  HotTimer(const HotTimer&) = delete;
  HotTimer& operator=(const HotTimer&) = delete;
  double sample();  // seconds per launch, L2 warm

 private:
  cudaStream_t stream_;
  int launches_;
  cudaGraph_t graph_{};
  cudaGraphExec_t exec_{};
  cudaEvent_t start_{}, stop_{};
};

}  // namespace fuselab
