// rope v005 — v004 with K staged and rotated once in shared memory (the study's
// V5). Its code is the part k_rotated_in_shared
// (kernels/rope/parts/k_rotated_in_shared.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include "kernels/rope/parts/k_rotated_in_shared.cuh"

namespace fuselab::kernels::rope::v005 {

using namespace k_rotated_in_shared;

}  // namespace fuselab::kernels::rope::v005
