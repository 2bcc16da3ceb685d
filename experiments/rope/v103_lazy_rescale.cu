// rope/v103_lazy_rescale — v102's rotation on attention v086 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v103_lazy_rescale.cuh"

FUSELAB_EXPERIMENT(rope, v103_lazy_rescale) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v102_pack_two_tiles_in_flight")
      .hypothesis(
          "Attention v086 rescales O only when a row maximum grows by more than 2^8. With the "
          "neox rotation a warp moves its maxima on 66 % of its tiles in v102 and ~3 % with the "
          "slack (scripts/rescale_count.py), as for attention, so v103 should gain what v086 "
          "gains. Predicted 1.03x over v102 at 8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v102_pack_two_tiles_in_flight", 1.03, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v103::launch, &a::v084::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V084Kernels<2, true>>(
      e, "pack_operands_fp16_ahead_two_in_flight", "flash_packed_fp16_after_pack_lazy_rescale");
}
