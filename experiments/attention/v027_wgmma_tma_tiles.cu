// attention/v027_wgmma_tma_tiles — v024 with phase 1's tiles landed by TMA into a 4-stage ring (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v027_wgmma_tma_tiles.cuh"

FUSELAB_EXPERIMENT(attention, v027_wgmma_tma_tiles) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v024_wgmma_pv_register_a")
      .hypothesis(
          "Phase 1 of v017-v024 brings every Q and K element through registers: per-lane global "
          "loads with their addresses, a split, two stores at a computed core offset, one "
          "sub-tile (16 KB) in flight per block; ~350 warp-instructions per warp per sub-tile. "
          "The read probe takes 20.8 us cold for Q + K at D = 16384 with contiguous loads and "
          "22.4 with v024's loader, and phase 1 costs more than that (~27 us of v024's 44.9 "
          "after phase 3's 13.8 us probe and ~4 us for the softmax). TMA boxes landing in the "
          "swizzled layout wgmma reads, three sub-tiles (48 KB) in flight per block, leave "
          "each thread 4 float4s to split at their landed offsets (~1/3 of the instructions). "
          "Expect phase 1 near the contiguous read time: ~5 us less at D = 16384 and ~3 us at "
          "8192, 1.10x over v024 at both.")
      .prediction(fuselab::faster_than("attention/v024_wgmma_pv_register_a", 1.10,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("tma_scores", (const void*)&a::v027::tma_scores_kernel<a::v002::NoPe>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v027::launch, &a::v027::workspace_bytes);
}
