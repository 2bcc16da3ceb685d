// attention/v057_flash_step_descs — v056 with its wgmma descriptors formed once (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v057_flash_step_descs.cuh"

FUSELAB_EXPERIMENT(attention, v057_flash_step_descs) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v056_flash_lean")
      .hypothesis(
          "v056 (call 1533Z: 967 us at 8x16x1024x128, 1.28x over v054 for 41 % fewer "
          "instructions) runs ~1040 warp instructions per 32-key tile at 31 % issue. Its 72 "
          "wgmma a tile take 120 descriptors, each formed from a generic pointer. Formed "
          "once and stepped by one add, the kernel's static code shrinks from 2160 to 1944 "
          "instructions (ptxas, sm_90a), nearly all of it in the tile loop: ~20 % of a "
          "tile's instructions. Barrier and dependency stalls per tile stay, so about half "
          "of that in time. Declared: 1.1x over v056 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v056_flash_lean", 1.1, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("flash_wgmma_step_descs", (const void*)a::v054::kKernel<a::v002::NoPe, false, true, true>)
      .launch(&a::v057::launch);
}
