// rope/v104_no_turns — v103's rotation on attention v088 (see the kernel file).
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/rope/v104_no_turns.cuh"

FUSELAB_EXPERIMENT(rope, v104_no_turns) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v103_lazy_rescale")
      .hypothesis(
          "The rotation sits in the pack and in Q's prologue (v103: 434.8 us neox in call 1000Z, "
          "beside attention v087's 435.5). Attention v088 drops only the turns between the "
          "warpgroups, so v104 should gain what v088 gains. Predicted 1.04x over v103 at "
          "8x16x1024x128 neox.")
      .prediction(fuselab::faster_than("rope/v103_lazy_rescale", 1.04, {"b8_h16_s1024_d128_neox"}))
      .launch(&k::v104::launch, &a::v084::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V084Kernels<2, true, false>>(
      e, "pack_operands_fp16_ahead_two_in_flight", "flash_packed_fp16_after_pack_lazy_rescale_no_turns");
}
