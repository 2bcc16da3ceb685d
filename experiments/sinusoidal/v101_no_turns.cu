// sinusoidal/v101_no_turns — v100's PE on attention v088 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v101_no_turns.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v101_no_turns) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v100_lazy_rescale")
      .hypothesis(
          "The PE sits in the pack and in Q's prologue (v100: 438.2 us in call 1000Z, beside "
          "attention v087's 435.5). Attention v088 drops only the turns between the warpgroups, "
          "so v101 should gain what v088 gains. Predicted 1.04x over v100 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v100_lazy_rescale", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_ahead_two_in_flight_k_sin_reduced",
              (const void*)a::v084::kPackKernel<k::v016::Pe, 2>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_no_turns_q_sin_reduced",
              (const void*)a::v084::kPackedKernel<k::v016::Pe, true, false, false>)
      .launch(&k::v101::launch, &a::v084::workspace_bytes);
}
