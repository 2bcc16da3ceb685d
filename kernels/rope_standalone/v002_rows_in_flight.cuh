// rope_standalone v002 — 4 rows of one position per thread, loads first, one
// sincos per pair. Its code is the part rows_in_flight
// (kernels/rope_standalone/parts/rows_in_flight.cuh), whose comment says how it
// works, why, and its limits; this version is that part's plain launch.
#pragma once

#include "kernels/rope_standalone/parts/rows_in_flight.cuh"

namespace fuselab::kernels::rope_standalone::v002 {

using namespace rows_in_flight;

}  // namespace fuselab::kernels::rope_standalone::v002
