// sinusoidal/v052_eight_warps — attention v044 with v016's PE in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v052_eight_warps.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v052_eight_warps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v050_rows_in_registers")
      .hypothesis(
          "Attention v044's kernel (v043's at 8 warps of 8 keys, one expf per score) under "
          "v016's PE. Against v050 (v041's kernel with the same PE, 5.95 us in run "
          "20261121T1321*) it keeps the 8-warp shape and the PE work (20 reduced sin/cos per "
          "thread) and removes the softmax's repeated expf. Expect attention v044's gain over "
          "v041. Declared: 1.06x over v050 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v050_rows_in_registers", 1.06, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("keys_per_warp_kernel_8_sin", (const void*)&a::v043::keys_per_warp_kernel<k::v016::Pe, a::v043::kWarpsV044>)
      .launch(&k::v052::launch);
}
