// qk_norm_rope/v000_separate (mechanism: see the kernel file).
#include "experiments/qk_norm_rope/limits.h"
#include "harness/core/registry.h"
#include "kernels/qk_norm_rope/v000_separate.cuh"

FUSELAB_EXPERIMENT(qk_norm_rope, v000_separate) {
  namespace k = fuselab::kernels::qk_norm_rope::v000;
  return fuselab::Experiment{}
      .hypothesis(R"(
          Baseline, what a user gets without fusion: an RMSNorm kernel (one warp per head row)
          writes the normalised rows, then a RoPE kernel (one thread per pair) rotates them in
          place. q and k cross memory four times (read, write, read, write): at [16384, 32+8,
          128] 4 x 336 MB = 1.34 GB, 452 us at a ~2.97 TB/s copy ceiling. Scalar 4-byte accesses
          and a second launch keep it below the ceiling: expect ~80 %, <= 600 us.)")
      .prediction(fuselab::at_most_us(600.0, {"t16384_h32kv8_d128_neox"}))
      .limits(fuselab::experiments::qk_norm_rope::pairings_with_head_dim(2))
      .kernel("rms_norm", (const void*)&k::rms_norm_kernel)
      .kernel("rope", (const void*)&k::rope_kernel)
      .launch(&k::launch);
}
