// rope v003 — v002 with 4 query rows per block (the study's V3). Its code is
// the part multi_query_rotation (kernels/rope/parts/multi_query_rotation.cuh),
// whose comment says how it works, why, and its limits; this version is that
// part's plain launch.
#pragma once

#include "kernels/rope/parts/multi_query_rotation.cuh"

namespace fuselab::kernels::rope::v003 {

using namespace multi_query_rotation;

}  // namespace fuselab::kernels::rope::v003
