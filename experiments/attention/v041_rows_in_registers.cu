// attention/v041_rows_in_registers — two query rows per block, K and V in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v041_rows_in_registers.cuh"

FUSELAB_EXPERIMENT(attention, v041_rows_in_registers) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v012_head_tile_static_d")
      .hypothesis(
          "v012's head tile at 1x4x64x128 (cold 5.3-6.2 us, ncu 7.5 us) runs 64 blocks whose "
          "threads walk 128-FMA dot products and 64-key P V sums over shared memory after a "
          "cp.async copy of the head's K and V. Here a block owns 2 rows (128 blocks, one per "
          "SM); each of its 8 warps holds 8 keys' K float4s in registers and lands their V "
          "float4s by cp.async, all loads issued at once; the scores are summed across lanes by a 16-shuffle "
          "transposing butterfly, and the softmax and P V need one barrier each. Per thread: "
          "18 loads, 128 FMAs, ~40 shuffles, ~24 expf. Estimate: the cold launch floor (~2.3 "
          "us, the head tile on the 5-row fixture) + one cold DRAM round trip (~1 us) + ~0.6 "
          "us for each SM to take its 64 KB of K and V from L2 = ~3.9 us. Declared: 1.3x over "
          "v012 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v012_head_tile_static_d", 1.3, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("rows_kernel_2", (const void*)&a::v041::rows_kernel<a::v002::NoPe, 2>)
      .launch(&a::v041::launch);
}
