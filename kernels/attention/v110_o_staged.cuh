// attention v110 — v103 with phase 3's O staged in shared memory and stored as
// float4 row pieces. Its code is the part o_staged
// (kernels/attention/parts/o_staged.cuh), whose comment says how it works, why,
// and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/o_staged.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v110 {

using namespace o_staged;

}  // namespace fuselab::kernels::attention::v110
