// attention/v088_no_turns — v087 without the warpgroups' turns (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v088_no_turns.cuh"

FUSELAB_EXPERIMENT(attention, v088_no_turns) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v087_rolled_q_prologue")
      .hypothesis(
          "ncu on v087 (call 1000Z): the flash kernel issues on 30 % of cycles at 2 warps per "
          "scheduler, and its largest stall is the barrier (2.18 cycles per issued instruction "
          "of ~6.7): two named barriers per warpgroup and tile for the turns, one for the stage's "
          "release. v064 brought the turns in when the tensor pipe was 70 % busy (1.02x); on "
          "fp16 parts it is ~50 % busy (0927Z), so holding one warpgroup's products until the "
          "other's are issued should now cost more than the order buys. Without turns, about "
          "half of the barrier stall goes: predicted 1.04x over v087 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v087_rolled_q_prologue", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16_ahead_two_in_flight", (const void*)a::v084::kPackKernel<a::v002::NoPe, 2>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_rolled_q_no_turns",
              (const void*)a::v084::kPackedKernel<a::v002::NoPe, true, true, false>)
      .launch(&a::v088::launch, &a::v084::workspace_bytes);
}
