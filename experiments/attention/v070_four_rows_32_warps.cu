// attention/v070_four_rows_32_warps — v045's head tile at 4 rows per block and 32 warps of 2 keys (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v070_four_rows_32_warps.cuh"

FUSELAB_EXPERIMENT(attention, v070_four_rows_32_warps) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v045_keys_in_shared")
      .hypothesis(
          "Run 20261126T0042*: v045 4.32 us cold; its data movement alone (probe "
          "head_tile_reads: every block copying its head's K and V by cp.async) 3.78 us, "
          "against 2.56 for reading Q, K, V and writing O once. Its 128 blocks take 8 MB out "
          "of L2 for 256 KB of distinct bytes; if that output (~6.7 TB/s) is the 1.2 us "
          "excess, 64 blocks of 4 rows (4 MB) save ~0.6 us. 32 warps of 2 keys keep each "
          "warp's products at v045's 8; the softmax doubles per warp (4 rows) and 512 "
          "threads sum 32 partial rows, ~+0.15 us. Expect ~3.85 us. Declared: 1.1x over v045 "
          "at 1x4x64x128. The probe times 64 blocks of 4 rows without math in the same call.")
      .prediction(fuselab::faster_than("attention/v045_keys_in_shared", 1.1, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("four_rows_kernel", (const void*)&a::v070::four_rows_kernel<a::v002::NoPe>)
      .launch(&a::v070::launch);
}
