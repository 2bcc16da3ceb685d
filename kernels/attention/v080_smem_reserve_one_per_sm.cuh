// attention v080 — v079 with 120 KB of dynamic shared memory reserved: one
// block an SM at most (v079: two). Like v079, a twin instantiation of v078's
// kernel with nothing else changed.
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross); at D = 128 the fast path as v078's.
#pragma once

#include "kernels/attention/v079_smem_reserve_two_per_sm.cuh"

namespace fuselab::kernels::attention::v080 {

struct Tail : v078::UnshiftedTail {};
using Launch = v079::Reserved<Tail, 120 * 1024>;

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  Launch::launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v080
