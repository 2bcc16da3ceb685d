// Grid-wide barriers for a kernel whose blocks are all resident at once.
//   CoopGridBarrier: cooperative_groups' grid.sync(); the launch must be
//     cooperative (launch_cooperative).
//   CountingGridBarrier: one 32-bit word in global memory, for a plain
//     launch whose grid fits the device at once (the caller's plan makes it
//     so; nothing else of this context may hold the SMs meanwhile). Block 0
//     adds 2^31 - (blocks - 1) and every other block adds 1, so the word's
//     top bit flips once all have arrived, and a block waits for that flip.
//     Any starting value works; after an even number of barriers the word is
//     back where it started. A block passes barrier k only after every block
//     arrived at it, so no block can still be waiting on barrier k when
//     barrier k + 1 flips the bit back.
// Both: every write before the barrier by any thread of the grid is visible
// after it to every thread of the grid.
// signal_count / wait_for_count: one-way counters, below.
#pragma once

#include <cooperative_groups.h>
#include <cuda/atomic>
#include <cuda_runtime.h>

namespace fuselab::kernels {

struct CoopGridBarrier {
  __device__ void sync() const { cooperative_groups::this_grid().sync(); }
};

// The counting barrier of `members` blocks on one word, of which exactly one
// is the leader (CountingGridBarrier's scheme for any group of blocks, e.g.
// the blocks of one head: attention v060).
__device__ __forceinline__ void counting_barrier(unsigned int* word, unsigned int members, bool leader) {
  __syncthreads();  // the block's writes, ordered before thread 0's release
  if (threadIdx.x == 0) {
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> w(*word);
    const unsigned int add = leader ? 0x80000000u - (members - 1) : 1u;
    const unsigned int before = w.fetch_add(add, cuda::memory_order_acq_rel);
    while (((before ^ w.load(cuda::memory_order_acquire)) & 0x80000000u) == 0) __nanosleep(32);
  }
  __syncthreads();  // what thread 0 acquired, ordered before the block's reads
}

// Counters of finished work between blocks that need not all be resident
// (attention v067's queue). signal_count: the block's writes so far, then one
// more on the word. wait_for_count: the block waits until the word reaches
// target, then its reads see every write signalled before. A wait that
// outlasts `patience_ns` (a lost signal: a bug) traps rather than hangs.
__device__ __forceinline__ void signal_count(unsigned int* word) {
  __syncthreads();  // the block's writes, ordered before thread 0's release
  if (threadIdx.x == 0)
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*word).fetch_add(1u, cuda::memory_order_release);
}

__device__ __forceinline__ void wait_for_count(unsigned int* word, unsigned int target,
                                               unsigned long long patience_ns = 1000000000ull) {
  if (threadIdx.x == 0) {
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> w(*word);
    if (w.load(cuda::memory_order_acquire) < target) {
      unsigned long long start, now;
      asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
      while (w.load(cuda::memory_order_acquire) < target) {
        __nanosleep(64);
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if (now - start > patience_ns) __trap();
      }
    }
  }
  __syncthreads();  // what thread 0 acquired, ordered before the block's reads
}

struct CountingGridBarrier {
  unsigned int* word;

  __device__ void sync() const { counting_barrier(word, gridDim.x, blockIdx.x == 0); }
};

}  // namespace fuselab::kernels
