#include "harness/gpu/cold_timer.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>

namespace fuselab {
namespace {

__device__ unsigned long long global_timer_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Spins until the host sets flag[0]; after 2 s gives up and sets flag[1].
__global__ void hold_stream(volatile int* flag) {
  const unsigned long long start = global_timer_ns();
  while (flag[0] == 0) {
    if (global_timer_ns() - start > 2000000000ull) {
      flag[1] = 1;
      return;
    }
  }
}

// The L2 flush: a plain store kernel over the flush buffer. A kernel, not
// cudaMemsetAsync, so the flush and the launch after it run on the same
// engine whatever the flush size (a small memset node may go to a copy
// engine, and the cross-engine dependency then lands inside the sample).
__global__ void flush_kernel(float4* buf, size_t n) {
  const float4 v = make_float4(1.f, 2.f, 3.f, 4.f);
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    buf[i] = v;
}

double elapsed_s(cudaEvent_t a, cudaEvent_t b) {
  float ms = 0.f;
  FUSELAB_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  return static_cast<double>(ms) * 1e-3;
}

}  // namespace

CapturedGraph::~CapturedGraph() {
  if (exec_) cudaGraphExecDestroy(exec_);
  if (graph_) cudaGraphDestroy(graph_);
}

void CapturedGraph::capture(cudaStream_t stream, const LaunchFn& body) {
  FUSELAB_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  try {
    body(stream);
  } catch (...) {
    cudaGraph_t partial{};
    cudaStreamEndCapture(stream, &partial);
    if (partial) cudaGraphDestroy(partial);
    cudaGetLastError();
    throw;
  }
  FUSELAB_CUDA_CHECK(cudaStreamEndCapture(stream, &graph_));
  FUSELAB_CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0));
}

void CapturedGraph::launch(cudaStream_t stream) const {
  FUSELAB_CUDA_CHECK(cudaGraphLaunch(exec_, stream));
}

ColdTimer::ColdTimer(cudaStream_t stream, const LaunchFn& launch, const ColdTimerOptions& options)
    : stream_(stream) {
  if (options.shared_flush) {
    flush_ = options.shared_flush;
  } else {
    long flush_bytes = options.flush_bytes;
    if (flush_bytes < 0) {
      int device = 0, l2 = 0;
      FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
      FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
      flush_bytes = 2L * l2;
    }
    own_flush_ = DeviceBuffer(static_cast<std::size_t>(flush_bytes));
  }
  int device = 0, sms = 0;
  FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const std::size_t n4 = flush_->bytes() / sizeof(float4);
  flush_blocks_ = std::max(1u, unsigned(std::min<std::size_t>(std::size_t(sms) * 4, (n4 + 511) / 512)));
  flush_only_.capture(stream_, [&](cudaStream_t s) {
    flush(s);
    if (options.baseline) options.baseline(s);
  });
  flush_and_launch_.capture(stream_, [&](cudaStream_t s) {
    flush(s);
    launch(s);
  });
  FUSELAB_CUDA_CHECK(cudaHostAlloc(&host_flag_, 2 * sizeof(int), cudaHostAllocMapped));
  FUSELAB_CUDA_CHECK(cudaHostGetDevicePointer(&device_flag_, host_flag_, 0));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&e0_));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&e1_));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&e2_));
}

ColdTimer::~ColdTimer() {
  cudaEventDestroy(e0_);
  cudaEventDestroy(e1_);
  cudaEventDestroy(e2_);
  cudaFreeHost(host_flag_);
}

void ColdTimer::warm_up() {
  flush_only_.launch(stream_);
  flush_and_launch_.launch(stream_);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

void ColdTimer::flush(cudaStream_t stream) const {
  flush_kernel<<<flush_blocks_, 512, 0, stream>>>(flush_->get<float4>(), flush_->bytes() / sizeof(float4));
  FUSELAB_LAUNCH_CHECK();
}

double ColdTimer::sample(const LaunchFn& before) {
  if (before) before(stream_);
  FUSELAB_CUDA_CHECK(cudaCtxResetPersistingL2Cache());
  volatile int* flag = host_flag_;
  flag[0] = 0;
  flag[1] = 0;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  hold_stream<<<1, 1, 0, stream_>>>(device_flag_);
  FUSELAB_LAUNCH_CHECK();
  FUSELAB_CUDA_CHECK(cudaEventRecord(e0_, stream_));
  flush_only_.launch(stream_);
  FUSELAB_CUDA_CHECK(cudaEventRecord(e1_, stream_));
  flush_and_launch_.launch(stream_);
  FUSELAB_CUDA_CHECK(cudaEventRecord(e2_, stream_));
  std::atomic_thread_fence(std::memory_order_seq_cst);
  flag[0] = 1;
  FUSELAB_CUDA_CHECK(cudaEventSynchronize(e2_));
  if (flag[1] != 0)
    throw std::runtime_error(
        "cold timing: the stream was held for over 2 s while the sample was queued (the host "
        "blocked in between). Fix: keep allocation and synchronisation out of launch()");
  return elapsed_s(e1_, e2_) - elapsed_s(e0_, e1_);
}

HotTimer::HotTimer(cudaStream_t stream, const LaunchFn& launch, int launches_per_graph)
    : stream_(stream), launches_(launches_per_graph) {
  graph_.capture(stream_, [&](cudaStream_t s) {
    for (int i = 0; i < launches_; ++i) launch(s);
  });
  FUSELAB_CUDA_CHECK(cudaEventCreate(&start_));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&stop_));
  graph_.launch(stream_);  // warm-up: L2 and instruction caches
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

HotTimer::~HotTimer() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}

double HotTimer::sample() {
  FUSELAB_CUDA_CHECK(cudaEventRecord(start_, stream_));
  graph_.launch(stream_);
  FUSELAB_CUDA_CHECK(cudaEventRecord(stop_, stream_));
  FUSELAB_CUDA_CHECK(cudaEventSynchronize(stop_));
  return elapsed_s(start_, stop_) / launches_;
}

}  // namespace fuselab
