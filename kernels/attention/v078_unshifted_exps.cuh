// attention v078 — v076 with each score's exponential taken once, unshifted,
// and the row sum divided out at the output. Its code is the part
// unshifted_exps (kernels/attention/parts/unshifted_exps.cuh), whose comment
// says how it works, why, and its limits; this version is that part's plain
// launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/unshifted_exps.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v078 {

using namespace unshifted_exps;

}  // namespace fuselab::kernels::attention::v078
