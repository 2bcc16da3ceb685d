// sinusoidal v080 — v048's PE (v040: one evaluation for Q and K) on
// attention v067: the split-D phases overlapped across heads by one queue of
// items in one plain launch. kStatic: attention v068's schedule (sinusoidal
// v081).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v067_head_pipeline.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v080 {

template <bool kStatic>
inline void launch_scheduled(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v067::launch_with<v040::Pe, attention::v020::RowQkSubTiles, kStatic>(p, v040::Pe{{p.inv_freq}}, workspace,
                                                                                  stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_scheduled<false>(p, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v080
