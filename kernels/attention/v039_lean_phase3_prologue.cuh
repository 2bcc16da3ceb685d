// attention v039 — v032 with phase 3's V addresses stepped and P split by
// masking. Its code is the part lean_pv_prologue
// (kernels/attention/parts/lean_pv_prologue.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/lean_pv_prologue.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v039 {

using namespace lean_pv_prologue;

}  // namespace fuselab::kernels::attention::v039
