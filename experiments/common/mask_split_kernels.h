// The kernels of the split-D pipeline with 3xTF32 mask-split products and no
// triggers, as attention v032's direct O stores, v039's lean phase-3 prologue
// and their PE heirs launch them, in one place: phase 1 for a PE hook and
// loader, and phases 2 and 3 (kernels/attention/parts/wgmma_scores.cuh,
// split_d_row_softmax.cuh, split_d_tuned.cuh).
#pragma once

#include <string>
#include <vector>

#include "harness/core/experiment.h"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/attention/parts/softmax_loads_in_flight.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/rope/parts/qk_shared_hooks.cuh"

namespace fuselab::experiments {

// Phase 1: the wgmma scores on padded cores, mask-split, one sub-tile ahead.
template <class Pe, template <class> class Loader>
const void* mask_split_phase1() {
  namespace a = kernels::attention;
  return (const void*)&a::wgmma_scores::partial_scores_kernel<Pe, 1, Loader, false, a::padded_split_layout::PaddedCores64,
                                                               a::tf32_mask_split::kSplit>;
}

// Phase 1 for both RoPE pairings (the shared hooks on the spread-pairs loader), neox first.
inline std::vector<KernelRef> shared_rope_mask_split_phase1() {
  using kernels::attention::row_loader::SpreadRowQkSubTiles;
  return {{"partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared",
           mask_split_phase1<kernels::rope::SharedNeoxHook, SpreadRowQkSubTiles>()},
          {"partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared",
           mask_split_phase1<kernels::rope::SharedInterHook, SpreadRowQkSubTiles>()}};
}

// Phase 2 (row softmax, 16 loads in flight), phase 3 (named `pv_name`) and
// split_d_tuned's SIMT phase 3 for problems too small to fill the SMs.
inline std::vector<KernelRef> untriggered_phases_2_3(const std::string& pv_name, const void* pv) {
  namespace a = kernels::attention;
  return {{"row_softmax_16_in_flight",
           (const void*)&a::split_d_row_softmax::row_softmax_in_flight_kernel<a::softmax_loads_in_flight::kInFlight>},
          {pv_name, pv},
          {"pv_tuned", (const void*)&a::split_d_tuned::pv_kernel}};
}

}  // namespace fuselab::experiments
