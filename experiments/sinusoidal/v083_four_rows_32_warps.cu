// sinusoidal/v083_four_rows_32_warps — attention v070 with v016's PE (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v083_four_rows_32_warps.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v083_four_rows_32_warps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v053_keys_in_shared")
      .hypothesis(
          "Attention v070 (64 blocks of 4 rows, 32 warps of 2 keys: 4 MB out of L2 instead "
          "of 8) under v053's PE. Each lane's PE work is the same as in v053 (4 Q rows and "
          "2 K rows instead of 2 and 4: 6 float4s either way), so the PE keeps its cost and "
          "the gain is attention v070's: ~0.45 us net, ~4.5 us against v053's 4.93 (run "
          "20261126T0042*). Declared: 1.1x over v053 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v053_keys_in_shared", 1.1, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("four_rows_kernel_sin", (const void*)&a::v070::four_rows_kernel<k::v016::Pe>)
      .launch(&k::v083::launch);
}
