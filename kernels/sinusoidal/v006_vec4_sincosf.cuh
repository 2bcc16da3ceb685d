// sinusoidal v006 — the accurate twin of v005: identical kernel (cached
// inv_freq, one sincos per pair, float4) with sincosf instead of __sincosf.
// Limits: D % 4 == 0, D <= 16384.
#pragma once

#include "kernels/sinusoidal/v005_vec4_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v006 {

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  v005::launch_t<Sincos::kAccurate>(p, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v006
