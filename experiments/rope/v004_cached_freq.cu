// rope/v004_cached_freq (mechanism: see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v004_cached_freq.cuh"

FUSELAB_EXPERIMENT(rope, v004_cached_freq) {
  namespace k = fuselab::kernels::rope::v004;
  const fuselab::Limits lim = fuselab::experiments::row_kernel_limits({fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, 8192);
  return fuselab::Experiment{}
      .parent("rope/v003_multi_query")
      .hypothesis(
          "Stage inv_freq in shared memory once per block: the K-side rotation loses one L1-hit "
          "LDG.128 per float4 pair out of ~150 instructions. Expect no measurable change, "
          "predicted as 'not slower' (factor 1.0); the study saw +12 % only at D = 2048.")
      .prediction(fuselab::faster_than("rope/v003_multi_query", 1.0, {"b1_h4_s64_d512_neox", "b1_h4_s64_d2048_neox"}))
      .limits(lim)
      .kernel("row_kernel_mqc_neox_nv4", (const void*)&fuselab::kernels::attention::row_online_softmax::row_kernel<4, 4, 512, fuselab::kernels::rope::on_the_fly_rotation::OnTheFlyPe<true, true>>)
      .launch(&k::launch);
}
