// The library's pre-pass for attention with per-token positions: q or k
// [B, H, S, D] embedded (sinusoidal added, RoPE rotated) at positions[b, s]
// into `out`, so that an attention version with PE none then runs on the
// embedded rows. The math is the versions' own (kernels/common/pe.cuh: the
// fp32 angle, accurate sincosf), so the result is the rows those versions
// hold in registers, stored once in float32.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/common/problem.h"

namespace fuselab {

// Launches on `stream`; x, positions ([B, S], int64), inv_freq ([D/2]) and
// out are device pointers; D even.
void embed_at_positions(const float* x, const int64_t* positions, const float* inv_freq, float* out, int B, int H,
                        int S, int D, kernels::PeKind pe, cudaStream_t stream);

}  // namespace fuselab
