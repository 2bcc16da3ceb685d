// rope v000 — the separate pipeline, the family baseline: Q and K rotated by
// one pass, then attention's row kernel. Its code is the part separate_rotation
// (kernels/rope/parts/separate_rotation.cuh), whose comment says how it works,
// why, and its limits; this version is that part's plain launch.
#pragma once

#include "kernels/rope/parts/separate_rotation.cuh"

namespace fuselab::kernels::rope::v000 {

using namespace separate_rotation;

}  // namespace fuselab::kernels::rope::v000
