// sinusoidal v096 — v058's PE (v040's: one evaluation for Q and K) on
// attention v082: phases 1 and 3 on 3xFP16.
// Limits: as v095.
#pragma once

#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v096 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v082::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v096
