// sinusoidal v012 — v007's PE hook (accurate sincosf, added once per Q and K
// element per query head, here in shared memory as each tile lands) on
// attention v007's tensor-core split-D phases (3xTF32, three launches).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v007_mma_split_d.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v012 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v007::launch_with(p, v007::SinSplitPe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v012
