// rope/v004_cached_freq (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v004_cached_freq.cuh"

FUSELAB_EXPERIMENT(rope, v004_cached_freq) {
  namespace k = fuselab::kernels::rope::v004;
  return fuselab::Experiment{}
      .parent("rope/v003_multi_query")
      .hypothesis(R"(
          Stage inv_freq in shared memory once per block: the K-side rotation loses one L1-hit
          LDG.128 per float4 pair out of ~150 instructions. Expect no measurable change,
          predicted as 'not slower' (factor 1.0); the study saw +12 % only at D = 2048.)")
      .prediction(fuselab::faster_than("rope/v003_multi_query", 1.0, {"b1_h4_s64_d512_neox", "b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits(8192))
      .kernel("row_kernel_mqc_neox_nv4", fuselab::experiments::four_rows_kernel<4, fuselab::kernels::rope::on_the_fly_rotation::OnTheFlyPe<true, true>>())
      .launch(&k::launch);
}
