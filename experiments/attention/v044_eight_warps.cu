// attention/v044_eight_warps — v043's kernel at 8 warps of 8 keys (see v043's kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v043_four_keys_per_warp.cuh"

FUSELAB_EXPERIMENT(attention, v044_eight_warps) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v041_rows_in_registers")
      .hypothesis(
          "Run 20261121T1321*: v043 (16 warps of 4 keys) lost to v041 (5.06 vs 4.48 us). Its "
          "SASS shows why: at 32 registers ptxas issued the 6 Q/K loads in three waves, each "
          "waiting on the last (long-scoreboard stalls 3.1 cycles per instruction against "
          "v041's 1.0), and 16 warps repeat the per-warp softmax, so instructions rose from "
          "0.91 M to 1.14 M. v044 is v043's kernel with v041's shape (8 warps of 8 keys, 64 "
          "registers in v041 with every load in flight) and keeps v043's one expf per score, "
          "which removes ~130 of v041's 888 instructions per warp. Expect ~0.75 M instructions "
          "and v041's single memory round trip: ~0.3 us off v041. Declared: 1.06x over v041 at "
          "1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v041_rows_in_registers", 1.06, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("keys_per_warp_kernel_8", (const void*)&a::v043::keys_per_warp_kernel<a::v002::NoPe, a::v043::kWarpsV044>)
      .launch(&a::v043::launch_eight_warps);
}
