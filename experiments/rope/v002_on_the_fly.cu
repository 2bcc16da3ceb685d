// rope/v002_on_the_fly (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v002_on_the_fly.cuh"

FUSELAB_EXPERIMENT(rope, v002_on_the_fly) {
  namespace k = fuselab::kernels::rope::v002;
  return fuselab::Experiment{}
      .parent("rope/v001_cached_tables")
      .hypothesis(R"(
          Replace the cos/sin table bytes with accurate sincosf per pair: ~150 instructions per
          neox float4 pair (8 elements) instead of two extra LDG.128 per float4. At D = 2048:
          33.5 M redundant K element rotations ~ 20 instr each ~ 21 M warp-instructions (~23 us
          of issue chip-wide) versus ~268 MB of extra table traffic (~50 us at L2 rate). Expect
          >= 1.3x over v001.)")
      .prediction(fuselab::faster_than("rope/v001_cached_tables", 1.3, {"b1_h4_s64_d512_neox", "b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits())
      .kernel("row_kernel_otf_neox_nv2", fuselab::experiments::row_kernel_nv2<k::OnTheFlyPe<true, false>>())
      .kernel("row_kernel_otf_inter_nv2", fuselab::experiments::row_kernel_nv2<k::OnTheFlyPe<false, false>>())
      .launch(&k::launch);
}
