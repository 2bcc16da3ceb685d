// attention v081 — v050 with phase 1's products as 3xFP16. Its code is the part
// phase1_fp16_split (kernels/attention/parts/phase1_fp16_split.cuh), whose
// comment says how it works, why, and its limits; this version is that part's
// plain launch.
#pragma once

#include "kernels/attention/parts/phase1_fp16_split.cuh"

namespace fuselab::kernels::attention::v081 {

using namespace phase1_fp16_split;

}  // namespace fuselab::kernels::attention::v081
