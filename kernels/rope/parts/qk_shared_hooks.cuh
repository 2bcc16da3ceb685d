// The phase-1 hooks of rope v042 onward, by pairing: one sin/cos evaluation
// for Q and K at the same position (QkShared), angles reduced
// (Sincos::kReduced). The launches derive them from split_d_rotation::with_hook; the
// experiments name them here to list their kernels.
#pragma once

#include "kernels/common/pe.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope {

using SharedNeoxHook = QkShared<split_d_rotation::RopeSplitPe<true, Sincos::kReduced>>;
using SharedInterHook = QkShared<split_d_rotation::RopeSplitPe<false, Sincos::kReduced>>;

}  // namespace fuselab::kernels::rope
