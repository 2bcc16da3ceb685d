// rope_standalone/v001_vec4 (mechanism: see the kernel file).
#include "experiments/rope_standalone/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope_standalone/v001_vec4.cuh"

FUSELAB_EXPERIMENT(rope_standalone, v001_vec4) {
  namespace k = fuselab::kernels::rope_standalone::v001;
  return fuselab::Experiment{}
      .parent("rope_standalone/v000_naive")
      .hypothesis(R"(
          The seed study's kernel: float4 loads/stores, each pair's sincos computed once (half
          of v000's 134 M), no partner re-reads. 16-32 bytes per load instruction keep more
          bytes in flight, so the 1.07 GB stream runs near the copy rate: expect ~90 % of copy
          bandwidth (~400 us), >= 1.25x over v000.)")
      .prediction(fuselab::faster_than("rope_standalone/v000_naive", 1.25,
                                       {"n128_s8192_d128_neox", "n128_s8192_d128_inter"}))
      .limits(fuselab::experiments::rope_standalone::pairings_with_head_dim(8))
      .kernel("rope_vec4_neox", (const void*)&k::rope_vec4_kernel<true>)
      .kernel("rope_vec4_inter", (const void*)&k::rope_vec4_kernel<false>)
      .launch(&k::launch);
}
