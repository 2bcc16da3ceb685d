// attention/v043_four_keys_per_warp — v041 with 16 warps of 4 keys and one expf per score (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v043_four_keys_per_warp.cuh"

FUSELAB_EXPERIMENT(attention, v043_four_keys_per_warp) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v041_rows_in_registers")
      .hypothesis(
          "ncu on v041 at 1x4x64x128 (run 20261121T1307*): 5.54 us, 909 k instructions (888 "
          "per warp), 2 warps per scheduler, issue active 33 %, ~5 cycles between a warp's "
          "instructions: warps live ~5.3 k of ~8.9 k cycles, so the warp chain, not memory, is "
          "most of the kernel. About 160 of the 888 are the 16 per-key expf every lane repeats. "
          "v043: 16 warps of 4 keys (4 warps per scheduler), a 9-shuffle butterfly, one expf "
          "per score with P fetched by shuffle: ~350 instructions per warp. If the chain shrinks "
          "from ~5.3 k to ~2.5 k cycles, the kernel loses ~1.6 us: ~3.8 us cold (v041: 5.38). "
          "Declared: 1.25x over v041 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v041_rows_in_registers", 1.25, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("four_keys_kernel", (const void*)&a::v043::keys_per_warp_kernel<a::v002::NoPe>)
      .launch(&a::v043::launch);
}
