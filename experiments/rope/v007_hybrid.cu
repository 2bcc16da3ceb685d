// rope/v007_hybrid (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v007_hybrid.cuh"

FUSELAB_EXPERIMENT(rope, v007_hybrid) {
  namespace k = fuselab::kernels::rope::v007;
  return fuselab::Experiment{}
      .parent("rope/v000_separate")
      .hypothesis(R"(
          The study's hybrid: K rotated once by its own kernel, Q rotated as it lands in the row
          kernel's shared memory. Rotation work is O(Sq + Sk) as in the separate pipeline, and
          the Q pass (read + write of Q, 2 MB at 1x4x64x2048, ~1 us) disappears. On H100 the
          attention core (~50 us at D = 2048) dwarfs that saving, so the study's 1.4-1.7x should
          NOT transfer: expect parity or slightly better (factor 1.0).)")
      .prediction(fuselab::faster_than("rope/v000_separate", 1.0, {"b1_h4_s64_d512_neox", "b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits())
      .kernel("rope_k_neox", (const void*)&fuselab::kernels::rope::separate_rotation::rope_qk_kernel<true>)
      .kernel("row_kernel_qrot_neox_nv2", fuselab::experiments::row_kernel_nv2<fuselab::kernels::rope::on_the_fly_rotation::OnTheFlyPe<true, true, true, false>>())
      .launch(&k::launch, &k::workspace_bytes);
}
