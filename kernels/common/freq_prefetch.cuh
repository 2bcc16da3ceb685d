// A phase-1 PE hook (sinusoidal or RoPE, reading inv_freq from global memory
// as each sub-tile lands) whose block first pulls its whole inv_freq range
// into L1. Each 32-dim sub-tile reads 16 new frequencies, so without it every
// sub-tile's PE starts with an L1 miss on the block's critical path (ncu
// source page of sinusoidal v033: 26 % of stall samples on that load).
// Blocks call begin(i0, i1) with the frequency indices [i0, i1) they will
// read; a hook without begin() (HasBegin false) is called as before.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>
#include <utility>

namespace fuselab::kernels {

template <class T, class = void>
struct HasBegin : std::false_type {};
template <class T>
struct HasBegin<T, std::void_t<decltype(std::declval<const T&>().begin(0, 0))>> : std::true_type {};

template <class Pe>
struct FreqInL1 : Pe {
  // One 128-byte line per thread, threads 0.. of the block.
  __device__ void begin(int i0, int i1) const {
    const int line = (i0 & ~31) + 32 * int(threadIdx.x);
    if (line < i1) asm volatile("prefetch.global.L1 [%0];\n" ::"l"(this->inv_freq + line));
  }
};

}  // namespace fuselab::kernels
