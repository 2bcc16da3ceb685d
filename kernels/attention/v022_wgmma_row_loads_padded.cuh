// attention v022 — v020 with conflict-free split stores. Its code is the part
// padded_split_layout (kernels/attention/parts/padded_split_layout.cuh), whose
// comment says how it works, why, and its limits; this version is that part's
// plain launch.
#pragma once

#include "kernels/attention/parts/padded_split_layout.cuh"

namespace fuselab::kernels::attention::v022 {

using namespace padded_split_layout;

}  // namespace fuselab::kernels::attention::v022
