// attention v005 — v004 at 4 rows per block. Its code is the part
// head_tile_4rows (kernels/attention/parts/head_tile_4rows.cuh), whose comment
// says how it works, why, and its limits; this version is that part's plain
// launch.
#pragma once

#include "kernels/attention/parts/head_tile_4rows.cuh"

namespace fuselab::kernels::attention::v005 {

using namespace head_tile_4rows;

}  // namespace fuselab::kernels::attention::v005
