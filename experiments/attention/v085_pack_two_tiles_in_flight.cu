// attention/v085_pack_two_tiles_in_flight — v084 with two raw tiles in flight per pack block (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v085_pack_two_tiles_in_flight.cuh"

FUSELAB_EXPERIMENT(attention, v085_pack_two_tiles_in_flight) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v084_pack_beside_flash")
      .hypothesis(
          "Call 0938Z: v084 gained 1.095x over v083, short of the 1.12x declared. ncu: its "
          "persistent pack alone takes 143 us at 52 % of DRAM peak, against 89 us for v083's "
          "pack (a block a tile, 4096 blocks): each pack block waits for a tile's reads before it "
          "converts and stores it, one tile at a time. So the flash kernel's first wave waits "
          "~19 us for its 17 heads instead of ~10, and the pack shares the SMs for 143 us or "
          "more. With the next tile's reads in flight during each conversion the pack should run "
          "near v083's rate: ~9 us less waiting and a shorter overlap. Predicted 1.03x over v084 "
          "at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v084_pack_beside_flash", 1.03, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16_ahead_two_in_flight", (const void*)a::v084::kPackKernel<a::v002::NoPe, 2>)
      .kernel("flash_packed_fp16_after_pack", (const void*)a::v084::kPackedKernel<a::v002::NoPe>)
      .launch(&a::v085::launch, &a::v084::workspace_bytes);
}
