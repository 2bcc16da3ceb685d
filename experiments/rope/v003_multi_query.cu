// rope/v003_multi_query (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v003_multi_query.cuh"

FUSELAB_EXPERIMENT(rope, v003_multi_query) {
  namespace k = fuselab::kernels::rope::v003;
  return fuselab::Experiment{}
      .parent("rope/v002_on_the_fly")
      .hypothesis(R"(
          Four query rows per block: each K element is loaded and rotated once per block and
          used four times, so the redundant rotation work and the K/V L2 traffic both fall 4x
          (Sq/4-fold instead of Sq-fold). The cost: 512 threads with 4 x NV float4 accumulators
          and 4 block-wide online-softmax states. Expect >= 2x over v002 at D = 512 and 2048
          (the study saw 1.03-1.37x on Ada).)")
      .prediction(fuselab::faster_than("rope/v002_on_the_fly", 2.0, {"b1_h4_s64_d512_neox", "b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits(8192))
      .kernel("row_kernel_mq_neox_nv1", fuselab::experiments::four_rows_kernel<1, fuselab::kernels::rope::on_the_fly_rotation::OnTheFlyPe<true, false>>())
      .kernel("row_kernel_mq_neox_nv4", fuselab::experiments::four_rows_kernel<4, fuselab::kernels::rope::on_the_fly_rotation::OnTheFlyPe<true, false>>())
      .launch(&k::launch);
}
