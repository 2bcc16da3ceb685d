// sinusoidal/v050_rows_in_registers — attention v041 with v016's PE in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v050_rows_in_registers.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v050_rows_in_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v018_head_tile_static_d")
      .hypothesis(
          "Attention v041's two-row blocks (K and V in registers, 128 blocks) with the PE added "
          "in registers as the loads land. v018 (6.2-7.6 us cold at 1x4x64x128) pays the PE in "
          "a shared-memory pass over 68 rows per block plus v012's chains. Here each thread "
          "adds the PE to 2 Q and 8 K float4s: 20 reduced sin/cos pairs and ~200 instructions, "
          "off the memory round trip's critical path only after the loads land. Estimate: v041's "
          "~3.9 us + ~0.3 us = ~4.2 us. Declared: 1.4x over v018 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v018_head_tile_static_d", 1.4, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("rows_kernel_2_sin", (const void*)&a::v041::rows_kernel<k::v016::Pe, a::v041::kRowsV041>)
      .launch(&k::v050::launch);
}
