// What every decode version supports but its D: q rotated by either RoPE
// pairing or not at all, and positions below 2^24 (float(pos) exact, the
// angle of DESIGN.md section 3). Sq, Skv and the GQA ratio are free.
#pragma once

#include <climits>

#include "harness/core/experiment.h"
#include "kernels/common/problem.h"

namespace fuselab::experiments::decode {

inline Limits rotations_with_head_dim(int multiple, int max = INT_MAX) {
  Limits lim;
  lim.pe = {PeKind::None, PeKind::RopeInterleaved, PeKind::RopeNeox};
  lim.head_dim_multiple = multiple;
  lim.max_head_dim = max;
  lim.max_position = 1L << 24;
  return lim;
}

}  // namespace fuselab::experiments::decode
