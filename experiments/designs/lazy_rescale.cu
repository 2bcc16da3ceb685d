// Design lazy_rescale (sinusoidal v100, rope v103): one kernel design
// (kernels/designs/lazy_rescale.cuh), declared here for each PE kind it runs,
// each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v100_lazy_rescale.cuh"
#include "kernels/rope/v103_lazy_rescale.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v100_lazy_rescale) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v099_pack_two_tiles_in_flight")
      .hypothesis(R"(
          Attention v086 rescales O only when a row maximum grows by more than 2^8. With the
          sinusoidal PE a warp moves its maxima on 58 % of its tiles in v099 and ~4 % with the
          slack (scripts/rescale_count.py); ncu (0938Z) counts ~449 warp instructions a
          warp-tile in v097's flash kernel, so ~33 fewer is ~7 %, about half of it in time as
          for attention. Predicted 1.03x over v099 at 8x16x1024x128.)")
      .prediction(fuselab::faster_than("sinusoidal/v099_pack_two_tiles_in_flight", 1.03, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_ahead_two_in_flight_k_sin_reduced",
              (const void*)a::pack_beside_flash::kPackKernel<k::head_tile_reduced_sincos::Pe, k::v100::Steps>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_q_sin_reduced",
              (const void*)a::pack_beside_flash::kPackedKernel<k::head_tile_reduced_sincos::Pe, k::v100::Steps>)
      .launch(&fuselab::kernels::sinusoidal::v100::launch, &fuselab::kernels::attention::pack_beside_flash::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v103_lazy_rescale) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v102_pack_two_tiles_in_flight")
      .hypothesis(R"(
          Attention v086 rescales O only when a row maximum grows by more than 2^8. With the
          neox rotation a warp moves its maxima on 66 % of its tiles in v102 and ~3 % with the
          slack (scripts/rescale_count.py), as for attention, so v103 should gain what v086
          gains. Predicted 1.03x over v102 at 8x16x1024x128 neox.)")
      .prediction(fuselab::faster_than("rope/v102_pack_two_tiles_in_flight", 1.03, {"b8_h16_s1024_d128_neox"}))
      .launch(&fuselab::kernels::rope::v103::launch, &fuselab::kernels::attention::pack_beside_flash::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V084Kernels<k::v103::Steps>>(
      e, "pack_operands_fp16_ahead_two_in_flight", "flash_packed_fp16_after_pack_lazy_rescale");
}
