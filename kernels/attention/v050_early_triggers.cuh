// attention v050 — v039 with phases 1 and 2 letting the next launch start as
// their blocks begin. Its code is the part early_triggers
// (kernels/attention/parts/early_triggers.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v050 {

using namespace early_triggers;

}  // namespace fuselab::kernels::attention::v050
