// The phase-1 hooks of rope v042 onward, by pairing: one sin/cos evaluation
// for Q and K at the same position (QkShared), angles reduced
// (Sincos::kReduced). The launches derive them from v008::with_hook; the
// experiments name them here to list their kernels.
#pragma once

#include "kernels/common/pe.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope {

using SharedNeoxHook = QkShared<v008::RopeSplitPe<true, Sincos::kReduced>>;
using SharedInterHook = QkShared<v008::RopeSplitPe<false, Sincos::kReduced>>;

}  // namespace fuselab::kernels::rope
