// attention v072 — v050 with phase 1 two sub-tiles ahead (v017's kAhead = 2:
// two register loaders alternate, so while a block runs the products of
// sub-tile s, sub-tiles s + 1 and s + 2 are in flight: 32 KB a block, 64 KB
// an SM at two blocks per SM, instead of 16 and 32). v071 measured the other
// direction: at one block per SM, phase 1 fell from 37.5 % to 31 % of DRAM
// peak (ncu, run 20261126T0101*, H200). Everything else is v050's. Where a
// block has one sub-tile (D = 2048 at 1x4x64xD) the second loader stays idle.
// Limits: as v050.
#pragma once

#include "kernels/attention/v050_early_triggers.cuh"

namespace fuselab::kernels::attention::v072 {

inline constexpr int kAhead = 2;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, kAhead>(p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v072::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v072
