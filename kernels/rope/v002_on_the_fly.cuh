// rope v002 — full fusion, each pair's rotation computed on the fly (accurate
// sincosf) in attention's row kernel. Its code is the part on_the_fly_rotation
// (kernels/rope/parts/on_the_fly_rotation.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include "kernels/rope/parts/on_the_fly_rotation.cuh"

namespace fuselab::kernels::rope::v002 {

using namespace on_the_fly_rotation;

}  // namespace fuselab::kernels::rope::v002
