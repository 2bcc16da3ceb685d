// Launch configurations beyond <<<>>> (sm_90).
//   launch_dependent: programmatic dependent launch. The kernel may be
//     scheduled while the previous kernel in the stream is still running; it
//     must call cudaGridDependencySynchronize() before it reads what that
//     kernel wrote, and must not read it through a `const __restrict__`
//     pointer or __ldg: those become read-only loads (ld.global.nc), which
//     ptxas may issue before the wait (attention v006's phase 3 read P
//     that way: reports/device-logs/20261125T1246Z-sass-v006-pv-kernel.txt).
//   launch_clustered: thread-block clusters of (cluster, 1, 1).
//   launch_cooperative: every block resident at once (the launch fails
//     cleanly otherwise), so the kernel may use cooperative_groups'
//     grid.sync().
//   max_active_clusters: how many such clusters of a kernel the device holds
//     at once (0 where it cannot run them or the query fails). A host query,
//     legal during stream capture.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/cuda_check.h"

namespace fuselab::kernels {

// The one attribute each launcher below passes to launch_with_attribute.
inline cudaLaunchAttribute dependent_attribute() {
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr.val.programmaticStreamSerializationAllowed = 1;
  return attr;
}

inline cudaLaunchAttribute cooperative_attribute() {
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeCooperative;
  attr.val.cooperative = 1;
  return attr;
}

inline cudaLaunchAttribute cluster_attribute(int cluster) {
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = unsigned(cluster);
  attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
  return attr;
}

template <class... Params, class... Args>
inline void launch_with_attribute(cudaLaunchAttribute attr, void (*kernel)(Params...), dim3 grid, dim3 block,
                                  std::size_t smem, cudaStream_t stream, Args... args) {
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = smem;
  cfg.stream = stream;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  FUSELAB_CUDA_CHECK(cudaLaunchKernelEx(&cfg, kernel, args...));
}

template <class... Params, class... Args>
inline void launch_dependent(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t smem,
                             cudaStream_t stream, Args... args) {
  launch_with_attribute(dependent_attribute(), kernel, grid, block, smem, stream, args...);
}

template <class... Params, class... Args>
inline void launch_clustered(int cluster, void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t smem,
                             cudaStream_t stream, Args... args) {
  launch_with_attribute(cluster_attribute(cluster), kernel, grid, block, smem, stream, args...);
}

template <class... Params, class... Args>
inline void launch_cooperative(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t smem,
                               cudaStream_t stream, Args... args) {
  launch_with_attribute(cooperative_attribute(), kernel, grid, block, smem, stream, args...);
}

inline int max_active_clusters(const void* kernel, int cluster, int threads, std::size_t smem) {
  cudaLaunchAttribute attr = cluster_attribute(cluster);
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(unsigned(cluster));
  cfg.blockDim = dim3(unsigned(threads));
  cfg.dynamicSmemBytes = smem;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  int clusters = 0;
  if (cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return clusters;
}

}  // namespace fuselab::kernels
