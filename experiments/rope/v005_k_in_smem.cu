// rope/v005_k_in_smem (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v005_k_in_smem.cuh"

FUSELAB_EXPERIMENT(rope, v005_k_in_smem) {
  namespace r = fuselab::kernels::rope;
  return fuselab::Experiment{}
      .parent("rope/v004_cached_freq")
      .hypothesis(R"(
          Stage whole K rows in shared memory, rotated once per block (the study's V5, 8.5x
          slower than separate on a 48 KB part). v004 already rotates each K element once per
          block, so staging saves no rotations; it trades per-warp K streams from L2 for
          block-wide coalesced loads plus two barriers per sub-tile whose load latency nothing
          hides. With 216 KB, D = 2048 fits 22 keys (3 sub-tiles per 64-key tile) instead of the
          study's 4. Expect about v004's time (47.0 us at 1x4x64x2048 neox): at most 1.3x of it,
          61 us — not the study's 8.5x.)")
      .prediction(fuselab::at_most_us(61.0, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits(8192))
      .kernel("row_kernel_kstaged_neox_nv4", fuselab::experiments::four_rows_kernel<4, r::on_the_fly_rotation::OnTheFlyPe<true, true>, true>())
      .kernel("row_kernel_kstaged_inter_nv4", fuselab::experiments::four_rows_kernel<4, r::on_the_fly_rotation::OnTheFlyPe<false, true>, true>())
      .launch(&r::v005::launch);
}
