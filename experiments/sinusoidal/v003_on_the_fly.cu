// sinusoidal/v003_on_the_fly (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v003_on_the_fly.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v003_on_the_fly) {
  namespace k = fuselab::kernels::sinusoidal::v003;
  return fuselab::Experiment{}
      .parent("sinusoidal/v002_table_vec4")
      .hypothesis(R"(
          Replace the table bytes with compute: one accurate sincosf (~30-35 instructions) per
          element, keeping sin or cos. At D = 2048 the K side is 64 rows x 64 keys x 2048 dims x
          4 heads = 33.5 M element transforms x ~35 instr = 37 M warp-instructions ~ 40 us of
          issue across the chip, about the same as the table's extra 256 MB of L2 traffic (~47
          us). On H100 (unlike Ada's 360 GB/s) compute and table bytes are close: expect parity
          (factor 1.0), the study's 2x does not transfer.)")
      .prediction(fuselab::faster_than("sinusoidal/v002_table_vec4", 1.0, {"b1_h4_s64_d512", "b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::sinusoidal_row_kernel_limits())
      .kernel("row_kernel_onthefly_nv2", fuselab::experiments::row_kernel_nv2<k::OnTheFlyPe>())
      .launch(&k::launch);
}
