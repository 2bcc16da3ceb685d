// What every standalone RoPE version supports but its D: both pairings and
// positions below 2^24 (float(pos) exact).
#pragma once

#include "harness/core/experiment.h"
#include "kernels/common/problem.h"

namespace fuselab::experiments::rope_standalone {

inline Limits pairings_with_head_dim(int multiple) {
  Limits lim;
  lim.pe = {PeKind::RopeInterleaved, PeKind::RopeNeox};
  lim.head_dim_multiple = multiple;
  lim.max_position = 1L << 24;  // float(pos) exact
  return lim;
}

}  // namespace fuselab::experiments::rope_standalone
