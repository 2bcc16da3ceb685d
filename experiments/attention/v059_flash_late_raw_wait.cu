// attention/v059_flash_late_raw_wait — v058 with the next raw tile waited for behind the score products (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v059_flash_late_raw_wait.cuh"

FUSELAB_EXPERIMENT(attention, v059_flash_late_raw_wait) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v058_flash_lean_ahead")
      .hypothesis(
          "v058 (call 1557Z: 1048.7 us at 8x16x1024x128, 0.89x of v057's 937.2) halved the "
          "barrier stall (2.57 -> 1.36 cycles per instruction) and nearly doubled the "
          "long-scoreboard stall (0.80 -> 1.51): its next raw tile is requested at the end of "
          "one tile and waited for at the start of the next, with no work between. Waiting "
          "after issuing the tile's score products (~a third of a tile's tensor work) should "
          "hide that request as v057 does and keep v058's single barrier: stalls per "
          "instruction ~3.1 against v057's ~4. Declared: 1.08x over v057 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v057_flash_step_descs", 1.08, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("flash_wgmma_late_raw_wait", (const void*)a::v054::kKernel<a::v002::NoPe, true, true, true, true>)
      .launch(&a::v059::launch);
}
