// attention v105 — v103 with v089's phase 1 (V sent to L2 by phase 1's blocks
// as they end; see the kernel file). Its code is the part v_to_l2_p_by_copies
// (kernels/attention/parts/v_to_l2_p_by_copies.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/v_to_l2_p_by_copies.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v105 {

using namespace v_to_l2_p_by_copies;

}  // namespace fuselab::kernels::attention::v105
