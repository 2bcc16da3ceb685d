// cp.async (sm_80+): global -> shared copies that bypass registers, so a block
// can keep several tiles in flight while it computes on an earlier one.
// Groups: every thread commits the copies it issued as one group; wait<N>
// returns when at most N of this thread's most recent groups are pending
// (a __syncthreads() afterwards makes every thread's copies visible).
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels {

// 16 bytes; when !valid the destination is zero-filled and src is not read
// (it must still be a valid address: pass the tensor base).
__device__ __forceinline__ void cp_async16(void* smem_dst, const void* src, bool valid) {
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem_dst));
  const int bytes = valid ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src), "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
}

}  // namespace fuselab::kernels
