// A barrier among some of a block's warps (bar.sync with an id and a thread
// count): a warpgroup can wait for its own four warps without holding the
// rest of the block. Id 0 is __syncthreads()'s. With bar.arrive one group
// signals another without waiting: the barrier completes when `threads`
// threads arrived or synced on it.
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels {

__device__ __forceinline__ void named_barrier_sync(unsigned id, unsigned threads) {
  asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void named_barrier_arrive(unsigned id, unsigned threads) {
  asm volatile("bar.arrive %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}

}  // namespace fuselab::kernels
