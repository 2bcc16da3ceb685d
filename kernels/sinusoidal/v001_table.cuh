// sinusoidal v001 — full fusion with PE tables built per launch (the study's
// V1). Its code is the part pe_tables (kernels/sinusoidal/parts/pe_tables.cuh),
// whose comment says how it works, why, and its limits; this version is that
// part's plain launch.
#pragma once

#include "kernels/sinusoidal/parts/pe_tables.cuh"

namespace fuselab::kernels::sinusoidal::v001 {

using namespace pe_tables;

}  // namespace fuselab::kernels::sinusoidal::v001
