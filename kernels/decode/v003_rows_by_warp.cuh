// decode v003 — rows by warp: v002 (split KV, next step prefetched,
// streaming loads) where a kv head's group of query rows (Hq/Hkv · Sq)
// fills a 16-row tile: the block's 4 warps take 4 rows each and every warp
// reads every key of the chunk (kernels/decode/parts/split_kv.cuh,
// kByWarp); smaller groups run as v002.
// Limits: D a multiple of 64, at most 256; any Sq <= Skv, any GQA ratio.
#pragma once

#include "kernels/decode/parts/split_kv.cuh"

namespace fuselab::kernels::decode::v003 {

inline void launch(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  split_kv::launch</*kPrefetch=*/true, /*kStream=*/true, /*kAllowByWarp=*/true>(p, workspace, stream);
}

}  // namespace fuselab::kernels::decode::v003
