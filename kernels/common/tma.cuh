// The tensor memory accelerator (TMA, sm_90): a tile of a tensor copied from
// global to shared memory by one instruction, its completion counted on an
// mbarrier in shared memory. The tile's shape, swizzle and out-of-bounds
// handling live in a CUtensorMap built on the host (kernels/common/tensor_map.h)
// and passed as a __grid_constant__ kernel parameter.
//   producer:  mbarrier_expect_tx(bar, bytes); tma_load_3d(dst, map, bar, ...);
//   consumers: mbarrier_wait(bar, parity)  -- parity flips with each reuse.
// Elements outside the tensor land as zeros, and still count in the bytes.
#pragma once

#include <cuda.h>  // CUtensorMap
#include <cuda_runtime.h>

#include <cstdint>

namespace fuselab::kernels {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900

__device__ __forceinline__ std::uint32_t shared_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// Generic-proxy writes to global memory (by any thread, acquired by this
// one) come before this thread's later bulk copies, which read through the
// async proxy.
__device__ __forceinline__ void fence_proxy_async_global() {
  asm volatile("fence.proxy.async.global;\n" ::: "memory");
}

// One arrival (the producer's expect_tx) completes a phase once its bytes landed.
__device__ __forceinline__ void mbarrier_init(std::uint64_t* bar, unsigned arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(shared_address(bar)), "r"(arrivals) : "memory");
}
// After the inits and before any use by other threads (then a barrier).
__device__ __forceinline__ void fence_mbarrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
// The producer's arrival, announcing `bytes` to land in this phase.
__device__ __forceinline__ void mbarrier_expect_tx(std::uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(shared_address(bar)), "r"(bytes)
               : "memory");
}
// Returns once the phase with this parity completed.
__device__ __forceinline__ void mbarrier_wait(std::uint64_t* bar, unsigned parity) {
  asm volatile(
      "{\n.reg .pred done;\n"
      "WAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra WAIT;\n}\n" ::"r"(shared_address(bar)),
      "r"(parity)
      : "memory");
}
// The box at coordinates (c0 innermost, c1, c2) of a 3-D tensor map into dst.
__device__ __forceinline__ void tma_load_3d(void* dst, const CUtensorMap* map, std::uint64_t* bar, int c0, int c1,
                                            int c2) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];\n" ::
          "r"(shared_address(dst)),
      "l"(reinterpret_cast<std::uint64_t>(map)), "r"(c0), "r"(c1), "r"(c2), "r"(shared_address(bar))
      : "memory");
}

// `bytes` (a multiple of 16) contiguous from global src into dst, no tensor
// map: the 1-D bulk copy, its completion counted on bar like a TMA tile's.
__device__ __forceinline__ void bulk_load(void* dst, const void* src, unsigned bytes, std::uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
          shared_address(dst)),
      "l"(reinterpret_cast<std::uint64_t>(src)), "r"(bytes), "r"(shared_address(bar))
      : "memory");
}

// bulk_load into every block of the cluster whose bit is set in cta_mask
// (bit r: rank r), at dst's offset in each; each receiving block's mbarrier
// at bar's offset counts the bytes. Every receiver must have initialised its
// mbarrier before any sender issues (a cluster barrier after the inits).
__device__ __forceinline__ void bulk_load_multicast(void* dst, const void* src, unsigned bytes, std::uint64_t* bar,
                                                    std::uint16_t cta_mask) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], %2, [%3], "
      "%4;\n" ::"r"(shared_address(dst)),
      "l"(reinterpret_cast<std::uint64_t>(src)), "r"(bytes), "r"(shared_address(bar)), "h"(cta_mask)
      : "memory");
}

// The other way (attention v109): `bytes` (a multiple of 16) contiguous from
// shared src to global dst, in this thread's current bulk group. The async
// proxy reads src: a fence_proxy_async_shared after the writes to it, and
// bulk_wait_read before src is written again or the block exits.
__device__ __forceinline__ void bulk_store(void* dst, const void* src, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n" ::"l"(
                   reinterpret_cast<std::uint64_t>(dst)),
               "r"(shared_address(src)), "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;\n" ::: "memory"); }
// This thread's bulk groups but the kPending newest have read their source.
template <int kPending>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(kPending) : "memory");
}

#endif  // __CUDA_ARCH__ >= 900

}  // namespace fuselab::kernels
