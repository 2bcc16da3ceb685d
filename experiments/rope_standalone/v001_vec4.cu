// rope_standalone/v001_vec4 (mechanism: see the kernel file).
#include "harness/core/registry.h"
#include "kernels/rope_standalone/v001_vec4.cuh"

FUSELAB_EXPERIMENT(rope_standalone, v001_vec4) {
  namespace k = fuselab::kernels::rope_standalone::v001;
  fuselab::Limits lim;
  lim.pe = {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox};
  lim.head_dim_multiple = 8;
  lim.max_position = 1L << 24;  // float(pos) exact
  return fuselab::Experiment{}
      .parent("rope_standalone/v000_naive")
      .hypothesis(
          "The seed study's kernel: float4 loads/stores, each pair's sincos computed once (half "
          "of v000's 134 M), no partner re-reads. 16-32 bytes per load instruction keep more "
          "bytes in flight, so the 1.07 GB stream runs near the copy rate: expect ~90 % of copy "
          "bandwidth (~400 us), >= 1.25x over v000.")
      .prediction(fuselab::faster_than("rope_standalone/v000_naive", 1.25,
                                       {"n128_s8192_d128_neox", "n128_s8192_d128_inter"}))
      .limits(lim)
      .kernel("rope_vec4_neox", (const void*)&k::rope_vec4_kernel<true>)
      .kernel("rope_vec4_inter", (const void*)&k::rope_vec4_kernel<false>)
      .launch(&k::launch);
}
