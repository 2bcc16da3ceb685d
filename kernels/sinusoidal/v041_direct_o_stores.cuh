// sinusoidal v041 — v040 on attention v032. Its code is the part
// split_d_direct_o (kernels/sinusoidal/parts/split_d_direct_o.cuh), whose
// comment says how it works, why, and its limits; this version is that part's
// plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/problem.h"
#include "kernels/sinusoidal/parts/split_d_direct_o.cuh"

namespace fuselab::kernels::sinusoidal::v041 {

using namespace split_d_direct_o;

}  // namespace fuselab::kernels::sinusoidal::v041
