// rope_standalone/v002_rows_in_flight (mechanism: see the kernel file).
#include "experiments/rope_standalone/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope_standalone/v002_rows_in_flight.cuh"

FUSELAB_EXPERIMENT(rope_standalone, v002_rows_in_flight) {
  namespace k = fuselab::kernels::rope_standalone::v002;
  return fuselab::Experiment{}
      .parent("rope_standalone/v001_vec4")
      .hypothesis(R"(
          Bandwidth needs bytes in flight: ~2.97 TB/s x ~1 us latency ~ 3 MB chip-wide, ~23 KB
          per SM. v002 gives each thread 4 rows (same position, so one set of 4 sincos serves
          all 4: 4x fewer than v001) and issues all 8 float4 streaming loads (128 B) before any
          math; at 64 registers, 1024 threads/SM x 128 B = 128 KB requested per SM. Both
          pairings use the same 8-dim groups. Expect >= 95 % of copy bandwidth at [128, 8192,
          128]: 1.074 GB / (0.95 x 2969 GB/s) = 381 us, both pairings.)")
      .prediction(fuselab::at_most_us(381.0, {"n128_s8192_d128_neox", "n128_s8192_d128_inter"}))
      .limits(fuselab::experiments::rope_standalone::pairings_with_head_dim(8))
      .kernel("rope_rows_neox", (const void*)&k::rope_rows_kernel<true>)
      .kernel("rope_rows_inter", (const void*)&k::rope_rows_kernel<false>)
      .launch(&k::launch);
}
