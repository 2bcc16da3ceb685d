// sinusoidal v120 — v058's PE (v040's: one evaluation for Q and K) on
// attention v107: v106 with each phase-3 step's products begun as its first
// 32 keys of V land.
// Limits: as v096.
#pragma once

#include "kernels/attention/v107_products_by_key_halves.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v120 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v107::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v120
