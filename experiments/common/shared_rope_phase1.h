// The phase-1 kernel of a split-D recipe (early_triggers::kPhase1WithRecipe,
// kernels/attention/parts/early_triggers.cuh) for both RoPE pairings, as the
// rope versions of the triggered split-D designs register it: the shared
// hooks (kernels/rope/parts/qk_shared_hooks.cuh) on the spread-pairs loader.
#pragma once

#include <string>
#include <vector>

#include "harness/core/experiment.h"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/rope/parts/qk_shared_hooks.cuh"

namespace fuselab::experiments {

// Recipe's phase 1, neox then interleaved, named
// partial_scores_wgmma_spread_pairs_rope_{neox,inter}_reduced_`variant`.
template <class Recipe>
std::vector<KernelRef> shared_rope_phase1(const std::string& variant) {
  namespace a = kernels::attention;
  const std::string stem = "partial_scores_wgmma_spread_pairs_rope_";
  return {{stem + "neox_reduced_" + variant,
           (const void*)a::early_triggers::kPhase1WithRecipe<kernels::rope::SharedNeoxHook,
                                                             a::row_loader::SpreadRowQkSubTiles, Recipe>},
          {stem + "inter_reduced_" + variant,
           (const void*)a::early_triggers::kPhase1WithRecipe<kernels::rope::SharedInterHook,
                                                             a::row_loader::SpreadRowQkSubTiles, Recipe>}};
}

}  // namespace fuselab::experiments
