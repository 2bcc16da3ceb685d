// attention v079 — v078's kernel launched with 100 KB of dynamic shared
// memory reserved instead of the 64 KB it uses (K and V), so that at most
// two blocks fit an SM (three did). Nothing else changes; the kernel is a
// twin instantiation of v078's (its own function, so that its shared-memory
// attribute cannot touch v078's launches). The probe
// fuselab_probe_launch_smem (call 0621Z of 2026-11-26) timed empty launches
// of this grid cold, in turns, in two processes: 1.76-1.79 us with 64 KB,
// 0.96 us with 100 KB.
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross); at D = 128 the fast path as v078's.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v078_unshifted_exps.cuh"

namespace fuselab::kernels::attention::v079 {

// The launch of a twin of v078's kernel (Tail: a type of its own with
// v078's tail) with kReserve bytes of dynamic shared memory (v080: 120 KB).
template <class Tail, std::size_t kReserve>
struct Reserved {
  static_assert(kReserve >= v045::kSmemBytes, "the reserve holds K and V");
  template <class Pe>
  static constexpr auto kKernel = &v073::q_once_kernel<Pe, true, Tail, false>;
  template <class Pe>
  static void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
    v045::launch_head_tile<Pe, kKernel<Pe>, v045::kThreads, kReserve, v045::kRows, true>(p, pe, stream);
  }
};

struct Tail : v078::UnshiftedTail {};
using Launch = Reserved<Tail, 100 * 1024>;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  Launch::launch_with(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v079
