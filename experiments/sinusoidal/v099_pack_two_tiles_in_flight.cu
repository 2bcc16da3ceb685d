// sinusoidal/v099_pack_two_tiles_in_flight — v098's PE on attention v085 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v099_pack_two_tiles_in_flight.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v099_pack_two_tiles_in_flight) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v098_pack_beside_flash")
      .hypothesis(
          "The PE sits in the pack and in Q's prologue (v098: 1.089x over v097 in call 0938Z, "
          "attention v084 1.095x over v083). Attention v085 changes only how many raw tiles a "
          "pack block keeps in flight, so v099 should gain what v085 gains. Predicted 1.03x over "
          "v098 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v098_pack_beside_flash", 1.03, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_ahead_two_in_flight_k_sin_reduced",
              (const void*)a::v084::kPackKernel<k::v016::Pe, 2>)
      .kernel("flash_packed_fp16_after_pack_q_sin_reduced", (const void*)a::v084::kPackedKernel<k::v016::Pe>)
      .launch(&k::v099::launch, &a::v084::workspace_bytes);
}
