// What every qk_norm_rope version supports but its D: both RoPE pairings and
// positions below 2^24 (float(pos) exact, the angle of DESIGN.md section 3).
#pragma once

#include <climits>

#include "harness/core/experiment.h"
#include "kernels/common/problem.h"

namespace fuselab::experiments::qk_norm_rope {

inline Limits pairings_with_head_dim(int multiple, int max = INT_MAX) {
  Limits lim;
  lim.pe = {PeKind::RopeInterleaved, PeKind::RopeNeox};
  lim.head_dim_multiple = multiple;
  lim.max_head_dim = max;
  lim.max_position = 1L << 24;
  return lim;
}

}  // namespace fuselab::experiments::qk_norm_rope
