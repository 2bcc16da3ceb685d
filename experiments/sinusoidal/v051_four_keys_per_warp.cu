// sinusoidal/v051_four_keys_per_warp — attention v043 with v016's PE in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v051_four_keys_per_warp.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v051_four_keys_per_warp) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v050_rows_in_registers")
      .hypothesis(
          "Attention v043's kernel (16 warps of 4 keys, one expf per score) under v016's PE. "
          "Per warp the PE work halves with the keys: 2 Q and 4 K float4s, 12 reduced sin/cos "
          "(v050: 20). v050 measured 5.28 us at 1x4x64x128 in run 20261121T1307*. Expect the "
          "same gain as attention v043 over v041 and a little more from the PE: ~3.9 us. "
          "Declared: 1.25x over v050 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v050_rows_in_registers", 1.25, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("four_keys_kernel_sin", (const void*)&a::v043::keys_per_warp_kernel<k::v016::Pe>)
      .launch(&k::v051::launch);
}
