// rope v043 — v042 on attention v032. Its code is the part split_d_direct_o
// (kernels/rope/parts/split_d_direct_o.cuh), whose comment says how it works,
// why, and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/problem.h"
#include "kernels/rope/parts/split_d_direct_o.cuh"

namespace fuselab::kernels::rope::v043 {

using namespace split_d_direct_o;

}  // namespace fuselab::kernels::rope::v043
