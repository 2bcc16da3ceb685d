// decode v001 — split KV (flash-decoding): kernels/decode/parts/split_kv.cuh,
// plain read-only loads (__ldg), one step's K and V in flight per warp; the
// warps of an SM hide the latency.
// Limits: D a multiple of 64, at most 256; any Sq <= Skv, any GQA ratio.
#pragma once

#include "kernels/decode/parts/split_kv.cuh"

namespace fuselab::kernels::decode::v001 {

inline void launch(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  split_kv::launch</*kPrefetch=*/false, /*kStream=*/false>(p, workspace, stream);
}

}  // namespace fuselab::kernels::decode::v001
