// rope v072 — attention v060 (split head_dim in one plain launch, fp32 FMA,
// scores summed at L2, a barrier per head) with v017's rotation (reduced
// angle + __sincosf) applied to each Q and K element once per query head, in
// registers, as its item leaves the ring. Neox items carry 16 dims of the low
// half and their 16 partners, so a thread rotates whole pairs.
// Limits: Sq, Sk <= 64, D % 64 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v060_ffma_head_barrier.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v072 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v060::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v072
