// attention v112 — v111 with phase 1 reading Q and K as rope neox does, and
// no rotation: a diagnostic. At 1x4x64x16384 rope neox (v127) runs 41.0-41.3
// us and interleaved 38.4-39.1 (calls 0249Z and 0305Z of 2026-11-27), with
// the same bytes and sin/cos evaluations per element; loading whole lines
// (rope v128) did not close the gap. Neox's phase 1 takes each sub-tile as 16
// dims of the low half and the same 16 of the high half of every row (v020's
// paired loader, spread pairs), so a row is read in two places half a row
// apart; interleaved's, like attention's, reads 32 contiguous dims. The dot
// product does not care in which order dims come, so a paired hook that
// rotates nothing (PairedNoPe) gives plain attention with neox's reads.
// Limits: as v111, D % 8 == 0 (the paired plan).
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v111_softmax_in_phase1.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v112 {

// No PE, but paired: phase 1 plans and loads as for rope neox.
struct PairedNoPe : v002::NoPe {
  static constexpr bool kPaired = true;
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v111::launch_with<PairedNoPe, v020::SpreadRowQkSubTiles>(p, PairedNoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v112
