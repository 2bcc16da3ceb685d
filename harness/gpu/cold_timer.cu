#include "harness/gpu/cold_timer.h"

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

}  // namespace

ColdTimer::ColdTimer(cudaStream_t stream) : stream_(stream) {
  int device = 0, l2 = 0;
  FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  flush_ = DeviceBuffer(2 * static_cast<std::size_t>(l2));
  FUSELAB_CUDA_CHECK(cudaHostAlloc(&host_flag_, 2 * sizeof(int), cudaHostAllocMapped));
  FUSELAB_CUDA_CHECK(cudaHostGetDevicePointer(&device_flag_, host_flag_, 0));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&start_));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&stop_));
}

ColdTimer::~ColdTimer() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
  cudaFreeHost(host_flag_);
}

void ColdTimer::warm_up(const LaunchFn& launch) {
  launch(stream_);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

double ColdTimer::sample(const LaunchFn& launch, const LaunchFn& before_flush) {
  if (before_flush) before_flush(stream_);
  FUSELAB_CUDA_CHECK(cudaCtxResetPersistingL2Cache());
  flush_value_ ^= 0x5a;
  FUSELAB_CUDA_CHECK(cudaMemsetAsync(flush_.get(), flush_value_, flush_.bytes(), stream_));
  volatile int* flag = host_flag_;
  flag[0] = 0;
  flag[1] = 0;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  hold_stream<<<1, 1, 0, stream_>>>(device_flag_);
  FUSELAB_LAUNCH_CHECK();
  FUSELAB_CUDA_CHECK(cudaEventRecord(start_, stream_));
  launch(stream_);
  FUSELAB_CUDA_CHECK(cudaEventRecord(stop_, stream_));
  std::atomic_thread_fence(std::memory_order_seq_cst);
  flag[0] = 1;
  FUSELAB_CUDA_CHECK(cudaEventSynchronize(stop_));
  if (flag[1] != 0)
    throw std::runtime_error(
        "cold timing: the launch blocked the host for over 2 s while the stream was held "
        "(does it synchronise or allocate inside launch()?). Fix: move allocation and "
        "synchronisation out of launch(); workspace comes from workspace_bytes()");
  float ms = 0.f;
  FUSELAB_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
  return static_cast<double>(ms) * 1e-3;
}

HotTimer::HotTimer(cudaStream_t stream, const LaunchFn& launch, int launches_per_graph)
    : stream_(stream), launches_(launches_per_graph) {
  FUSELAB_CUDA_CHECK(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal));
  try {
    for (int i = 0; i < launches_; ++i) launch(stream_);
  } catch (...) {
    cudaGraph_t partial{};
    cudaStreamEndCapture(stream_, &partial);
    if (partial) cudaGraphDestroy(partial);
    cudaGetLastError();
    throw;
  }
  FUSELAB_CUDA_CHECK(cudaStreamEndCapture(stream_, &graph_));
  FUSELAB_CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&start_));
  FUSELAB_CUDA_CHECK(cudaEventCreate(&stop_));
  FUSELAB_CUDA_CHECK(cudaGraphLaunch(exec_, stream_));  // warm-up: L2 and instruction caches
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

HotTimer::~HotTimer() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
  if (exec_) cudaGraphExecDestroy(exec_);
  if (graph_) cudaGraphDestroy(graph_);
}

double HotTimer::sample() {
  FUSELAB_CUDA_CHECK(cudaEventRecord(start_, stream_));
  FUSELAB_CUDA_CHECK(cudaGraphLaunch(exec_, stream_));
  FUSELAB_CUDA_CHECK(cudaEventRecord(stop_, stream_));
  FUSELAB_CUDA_CHECK(cudaEventSynchronize(stop_));
  float ms = 0.f;
  FUSELAB_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
  return static_cast<double>(ms) * 1e-3 / launches_;
}

}  // namespace fuselab
