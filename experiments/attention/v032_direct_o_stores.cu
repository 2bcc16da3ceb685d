// attention/v032_direct_o_stores — v030 with phase 3's O stored straight from the accumulators (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v032_direct_o_stores.cuh"

FUSELAB_EXPERIMENT(attention, v032_direct_o_stores) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v030_tf32_mask_split")
      .hypothesis(
          "Phase 3 takes 19.0 us under ncu at D = 16384 (3.27 M instructions at ~11 cycles, "
          "28 % of DRAM peak); neither its V latency (v028) nor its instruction count (v030) "
          "set that time. Each 128-dim step is a chain: products, barrier, O staged in shared "
          "memory, barrier, 8 float4 loads and stores, barrier. Storing O straight from the "
          "accumulators (32 scalar stores per thread, whole 32-byte sectors per warp) leaves "
          "one barrier per step and no staging: ~1.5 us less under ncu, ~1 us cold at "
          "D = 8192 and 16384, 1.03x over v030 at both.")
      .prediction(fuselab::faster_than("attention/v030_tf32_mask_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v032::launch, &a::v032::workspace_bytes);
}
