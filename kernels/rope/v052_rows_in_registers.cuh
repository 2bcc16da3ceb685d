// rope v052 — attention v041's two-row blocks (K and V in registers) with
// v017's rotation (reduced angle + __sincosf) in registers; neox pairs swap
// float4s between lanes l and l ^ 16.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run rope v019).
#pragma once

#include "kernels/attention/v041_rows_in_registers.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v052 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v041::launch_with<attention::v041::kRowsV041>(p, pe, stream);
  });
}

}  // namespace fuselab::kernels::rope::v052
