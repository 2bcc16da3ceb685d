// attention v017 — v014 with phase 1 on wgmma, 3xTF32. Its code is the part
// wgmma_scores (kernels/attention/parts/wgmma_scores.cuh), whose comment says
// how it works, why, and its limits; this version is that part's plain launch.
#pragma once

#include "kernels/attention/parts/wgmma_scores.cuh"

namespace fuselab::kernels::attention::v017 {

using namespace wgmma_scores;

}  // namespace fuselab::kernels::attention::v017
