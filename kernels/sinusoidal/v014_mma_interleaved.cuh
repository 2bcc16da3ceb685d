// sinusoidal v014 — v007's PE hook on attention v009 (tensor-core split-D in
// one launch, interleaved tiles, block-per-row softmax), the PE applied to
// tile it+1 while the mma runs on tile it.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v009_mma_interleaved.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v014 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v009::launch_with(p, v007::SinSplitPe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v014
