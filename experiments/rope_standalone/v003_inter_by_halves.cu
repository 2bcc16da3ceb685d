// rope_standalone/v003_inter_by_halves (mechanism: see the kernel file).
#include "experiments/rope_standalone/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope_standalone/v003_inter_by_halves.cuh"

FUSELAB_EXPERIMENT(rope_standalone, v003_inter_by_halves) {
  namespace k = fuselab::kernels::rope_standalone;
  return fuselab::Experiment{}
      .parent("rope_standalone/v002_rows_in_flight")
      .hypothesis(R"(
          v002 reaches 95.9 % of the copy ceiling for neox (372 us at [128, 8192, 128]) but 83.9
          % for interleaved (425 us), with the same loads, sincos and stores per element. The
          difference is the access pattern: interleaved threads load the float4s at 8u and 8u +
          4, so each warp instruction takes every other 16 bytes and every 32-byte sector is
          requested twice and stored in halves; neox's float4s at 4u and D/2 + 4u are contiguous
          across the warp. Reading the interleaved pairs at neox's places (pairs 2u, 2u + 1 and
          D/4 + 2u, D/4 + 2u + 1) should bring interleaved to neox's time: 1.10x over v002 on
          the interleaved case (~380 us), neox unchanged.)")
      .prediction(fuselab::faster_than("rope_standalone/v002_rows_in_flight", 1.10, {"n128_s8192_d128_inter"}))
      .limits(fuselab::experiments::rope_standalone::pairings_with_head_dim(8))
      .kernel("rope_rows_neox", (const void*)&k::rows_in_flight::rope_rows_kernel<true>)
      .kernel("rope_rows_inter_by_halves", (const void*)&k::rows_in_flight::rope_rows_kernel<false, true>)
      .launch(&k::v003::launch);
}
