// rope v079 — attention v063 (tile operands packed once by a pass, the flash
// kernel fed by bulk copies): the pack rotates each key once as it splits K,
// the attention kernel rotates Q as Q lands (both v017's reduced angle +
// __sincosf, as in v071).
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v079 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v063::launch_with(p, pe, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v079
