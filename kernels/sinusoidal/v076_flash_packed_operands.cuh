// sinusoidal v076 — attention v063 (tile operands packed once by a pass, the
// flash kernel fed by bulk copies): the pack adds v016's PE (reduced angle +
// __sincosf) to each key once as it splits K, and the attention kernel adds
// it to Q as Q lands, as v068 does.
// Limits: D = 128, positions < 2^17; any Sq, Sk; causal, GQA, cross; sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v076 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const v016::Pe pe{p.inv_freq};
  attention::v063::launch_with(p, pe, pe, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v076
