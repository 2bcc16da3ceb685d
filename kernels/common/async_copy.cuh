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

// An L2 eviction policy for lines that should outlive the lines around them
// (e.g. outputs left in L2 rather than evicting someone else's dirty lines).
__device__ __forceinline__ unsigned long long l2_policy_evict_last() {
  unsigned long long policy;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;\n" : "=l"(policy));
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

// A contiguous run of `floats` floats from global memory into L2 (no data
// reaches the SM; cp.async.bulk.prefetch, sm_90). src and the size must be
// 16-byte multiples.
__device__ __forceinline__ void prefetch_l2(const float* src, int floats) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;\n" ::"l"(src), "r"(unsigned(floats) * 4u)
               : "memory");
}

// The 128-byte line at `line` (128-byte aligned) dropped from L2 without
// being written back (discard.global.L2, sm_80+): for scratch that no one
// reads again before rewriting it; a read in between returns undefined
// values.
__device__ __forceinline__ void discard_l2_line(const void* line) {
  asm volatile("discard.global.L2 [%0], 128;\n" ::"l"(line) : "memory");
}

// A read-only 16-byte load under an L2 cache policy (e.g. evict-first).
__device__ __forceinline__ float4 ldg4_policy(const float* src, unsigned long long policy) {
  float4 v;
  asm volatile("ld.global.nc.L2::cache_hint.v4.f32 {%0, %1, %2, %3}, [%4], %5;\n"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(src), "l"(policy));
  return v;
}

// A 16-byte store under an L2 cache policy.
__device__ __forceinline__ void stg4_policy(float* dst, float4 v, unsigned long long policy) {
  asm volatile("st.global.L2::cache_hint.v4.f32 [%0], {%1, %2, %3, %4}, %5;\n" ::"l"(dst), "f"(v.x), "f"(v.y),
               "f"(v.z), "f"(v.w), "l"(policy)
               : "memory");
}

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }

template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
}

}  // namespace fuselab::kernels
