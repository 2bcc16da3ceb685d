// rope v071 — v066's rotation (v017's reduced angle + __sincosf) on attention
// v059: v058's flash kernel with the next raw tile waited for behind the
// score products.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v071 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(
      p, [&](const auto& pe) { attention::v054::launch_with<true, true, true, true>(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v071
