// sinusoidal v010 — sinusoidal v009 (attention v004's head tile with the PE
// fused) at 4 query rows per block (attention v005's geometry).
// Limits: Sk <= 64, D <= 256, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v005_head_tile_4rows.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v010 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v004::launch_with<attention::v005::kRows>(p, v007::SinSplitPe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v010
