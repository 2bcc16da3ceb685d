// attention v103 — v082 with phase 3's P fetched by cp.async ahead of V. Its
// code is the part p_by_async_copies
// (kernels/attention/parts/p_by_async_copies.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/p_by_async_copies.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v103 {

using namespace p_by_async_copies;

}  // namespace fuselab::kernels::attention::v103
