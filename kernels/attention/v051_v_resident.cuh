// attention v051 — V read into shared memory during phase 1, in one cooperative
// launch. Its code is the part v_resident
// (kernels/attention/parts/v_resident.cuh), whose comment says how it works,
// why, and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/v_resident.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v051 {

using namespace v_resident;

}  // namespace fuselab::kernels::attention::v051
