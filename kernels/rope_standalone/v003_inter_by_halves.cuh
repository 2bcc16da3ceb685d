// rope_standalone v003 — v002 with the interleaved pairing read as neox reads
// its halves. v002's interleaved thread loads the float4s at 8u and 8u + 4:
// across a warp each load instruction takes every other 16 bytes (a 32-byte
// stride), so each 32-byte sector is requested by two instructions and each
// store fills half a sector. Here the thread's float4s are at 4u and
// D/2 + 4u, as in neox: pairs 2u, 2u + 1 and D/4 + 2u, D/4 + 2u + 1, their
// frequencies two float2 loads. Neox is v002's kernel unchanged.
// Limits: as v002 (D % 8 == 0).
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/problem.h"
#include "kernels/rope_standalone/parts/rows_in_flight.cuh"

namespace fuselab::kernels::rope_standalone::v003 {

inline void launch(const RopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  rows_in_flight::launch_rows<true>(p, stream);
}

}  // namespace fuselab::kernels::rope_standalone::v003
