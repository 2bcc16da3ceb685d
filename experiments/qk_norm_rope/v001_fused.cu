// qk_norm_rope/v001_fused (mechanism: see the kernel file).
#include "experiments/qk_norm_rope/limits.h"
#include "harness/core/registry.h"
#include "kernels/qk_norm_rope/v001_fused.cuh"

FUSELAB_EXPERIMENT(qk_norm_rope, v001_fused) {
  namespace k = fuselab::kernels::qk_norm_rope::v001;
  return fuselab::Experiment{}
      .parent("qk_norm_rope/v000_separate")
      .hypothesis(R"(
          Fusing the norm and the rotation in one pass (a warp per head row, the row in
          registers between the reduction and the rotation) halves the bytes: q and k read once,
          out written once, 671 MB instead of 1.34 GB at [16384, 32+8, 128] and 4.83 GB instead
          of 9.66 GB at [65536, 64+8, 128]. Its 4-byte accesses (neox: two 128-byte warp loads
          per pair group) keep it short of the ceiling, as v000's do, so the ratio follows the
          bytes less some: >= 1.6x over v000 on both serving sizes.)")
      .prediction(fuselab::faster_than("qk_norm_rope/v000_separate", 1.6,
                                       {"t16384_h32kv8_d128_neox", "t65536_h64kv8_d128_neox"}))
      // D <= 256: 4 pairs per lane in registers
      .limits(fuselab::experiments::qk_norm_rope::pairings_with_head_dim(2, 256))
      .kernel("fused_neox", (const void*)&k::fused_kernel<true>)
      .kernel("fused_inter", (const void*)&k::fused_kernel<false>)
      .launch(&k::launch);
}
