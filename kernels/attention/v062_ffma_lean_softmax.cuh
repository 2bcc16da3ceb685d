// attention v062 — v061 with the softmax every block takes of its head's
// sums in base 2 (log2(e) folded into the scale, exp2f) and one reciprocal
// per row instead of a division per element.
// Limits: Sq, Sk <= 64, D % 32 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v061_ffma_two_per_sm.cuh"

namespace fuselab::kernels::attention::v062 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v060::launch_with<v061::kVDims, true>(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v062
