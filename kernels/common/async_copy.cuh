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

// An L2 eviction policy for loads whose lines are not read again: they are
// the first candidates when L2 needs room (createpolicy, sm_80+).
__device__ __forceinline__ unsigned long long l2_policy_evict_first() {
  unsigned long long policy;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(policy));
  return policy;
}

// cp_async16 with an L2 cache policy for the global read.
__device__ __forceinline__ void cp_async16(void* smem_dst, const void* src, bool valid,
                                           unsigned long long policy) {
  const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem_dst));
  const int bytes = valid ? 16 : 0;
  asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2, %3;\n" ::"r"(dst),
               "l"(src), "r"(bytes), "l"(policy)
               : "memory");
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
}

}  // namespace fuselab::kernels
