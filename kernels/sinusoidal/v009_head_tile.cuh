// sinusoidal v009 — attention v004's small-D head tile (the head's K and V in
// shared memory, one launch, no inter-block reduction) with the PE added in
// shared memory once per Q and K element of a block (v007's hook: accurate
// sincosf). Limits: Sk <= 64, D <= 256, D % 4 == 0; causal, GQA, cross.
#pragma once

#include "kernels/attention/v004_head_tile.cuh"
#include "kernels/sinusoidal/v007_split_d.cuh"

namespace fuselab::kernels::sinusoidal::v009 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v004::launch_with<attention::v004::kRowsV004>(p, v007::SinSplitPe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v009
