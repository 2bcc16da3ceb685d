// sinusoidal v063 — attention v054's flash kernel (128 query rows a block,
// K and V streamed once in 32-key tiles, 3xTF32 wgmma) with v016's PE
// (reduced angle + __sincosf) added to Q as it lands and to each K tile as it
// is split. Every block adds the PE to all of its head's keys, so a K element
// gets its PE Sq / 128 times (8 at Sq = 1024).
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v063 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v054::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v063
