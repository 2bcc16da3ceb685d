// sinusoidal v004 — v003 with inv_freq staged once per block in shared memory
// (the study's V4). Its code is the part cached_freq_pe
// (kernels/sinusoidal/parts/cached_freq_pe.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include "kernels/sinusoidal/parts/cached_freq_pe.cuh"

namespace fuselab::kernels::sinusoidal::v004 {

using namespace cached_freq_pe;

}  // namespace fuselab::kernels::sinusoidal::v004
