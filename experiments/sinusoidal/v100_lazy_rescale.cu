// sinusoidal/v100_lazy_rescale — v099's PE on attention v086 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v100_lazy_rescale.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v100_lazy_rescale) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v099_pack_two_tiles_in_flight")
      .hypothesis(
          "Attention v086 rescales O only when a row maximum grows by more than 2^8. With the "
          "sinusoidal PE a warp moves its maxima on 58 % of its tiles in v099 and ~4 % with the "
          "slack (scripts/rescale_count.py); ncu (0938Z) counts ~449 warp instructions a "
          "warp-tile in v097's flash kernel, so ~33 fewer is ~7 %, about half of it in time as "
          "for attention. Predicted 1.03x over v099 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v099_pack_two_tiles_in_flight", 1.03, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_ahead_two_in_flight_k_sin_reduced",
              (const void*)a::v084::kPackKernel<k::v016::Pe, 2>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_q_sin_reduced",
              (const void*)a::v084::kPackedKernel<k::v016::Pe, true>)
      .launch(&k::v100::launch, &a::v084::workspace_bytes);
}
