// attention v082 — v081 with phase 3's products on 3xFP16 too. Its code is the
// part pv_fp16_split (kernels/attention/parts/pv_fp16_split.cuh), whose comment
// says how it works, why, and its limits; this version is that part's plain
// launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/pv_fp16_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v082 {

using namespace pv_fp16_split;

}  // namespace fuselab::kernels::attention::v082
