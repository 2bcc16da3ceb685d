// decode v002 — split KV with the next step prefetched and streaming loads:
// kernels/decode/parts/split_kv.cuh with the next step's K and V loaded into
// registers before the current step is computed, read with __ldcs
// (evict-first).
// Limits: D a multiple of 64, at most 256; any Sq <= Skv, any GQA ratio.
#pragma once

#include "kernels/decode/parts/split_kv.cuh"

namespace fuselab::kernels::decode::v002 {

inline void launch(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  split_kv::launch</*kPrefetch=*/true, /*kStream=*/true>(p, workspace, stream);
}

}  // namespace fuselab::kernels::decode::v002
