// Design no_turns (attention v088, sinusoidal v101, rope v104): one design,
// declared here for each PE kind it runs (its recipe for that kind: the
// version's kernel header), each declaration as it was written before its
// numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/packed_rope_kernels.h"
#include "harness/core/registry.h"
#include "kernels/attention/v088_no_turns.cuh"
#include "kernels/sinusoidal/v101_no_turns.cuh"
#include "kernels/rope/v104_no_turns.cuh"

FUSELAB_EXPERIMENT(attention, v088_no_turns) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v087_rolled_q_prologue")
      .hypothesis(R"(
          ncu on v087 (call 1000Z): the flash kernel issues on 30 % of cycles at 2 warps per
          scheduler, and its largest stall is the barrier (2.18 cycles per issued instruction of
          ~6.7): two named barriers per warpgroup and tile for the turns, one for the stage's
          release. v064 brought the turns in when the tensor pipe was 70 % busy (1.02x); on fp16
          parts it is ~50 % busy (0927Z), so holding one warpgroup's products until the other's
          are issued should now cost more than the order buys. Without turns, about half of the
          barrier stall goes: predicted 1.04x over v087 at 8x16x1024x128.)")
      .prediction(fuselab::faster_than("attention/v087_rolled_q_prologue", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16_ahead_two_in_flight", (const void*)a::pack_beside_flash::kPackKernel<a::split_d::NoPe, a::v088::Steps>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_rolled_q_no_turns",
              (const void*)a::pack_beside_flash::kPackedKernel<a::split_d::NoPe, a::v088::Steps>)
      .launch(&fuselab::kernels::attention::v088::launch, &fuselab::kernels::attention::pack_beside_flash::workspace_bytes);
}

FUSELAB_EXPERIMENT(sinusoidal, v101_no_turns) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v100_lazy_rescale")
      .hypothesis(R"(
          The PE sits in the pack and in Q's prologue (v100: 438.2 us in call 1000Z, beside
          attention v087's 435.5). Attention v088 drops only the turns between the warpgroups,
          so v101 should gain what v088 gains. Predicted 1.04x over v100 at 8x16x1024x128.)")
      .prediction(fuselab::faster_than("sinusoidal/v100_lazy_rescale", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_ahead_two_in_flight_k_sin_reduced",
              (const void*)a::pack_beside_flash::kPackKernel<k::head_tile_reduced_sincos::Pe, k::v101::Steps>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale_no_turns_q_sin_reduced",
              (const void*)a::pack_beside_flash::kPackedKernel<k::head_tile_reduced_sincos::Pe, k::v101::Steps>)
      .launch(&fuselab::kernels::sinusoidal::v101::launch, &fuselab::kernels::attention::pack_beside_flash::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v104_no_turns) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  fuselab::Experiment e;
  e.parent("rope/v103_lazy_rescale")
      .hypothesis(R"(
          The rotation sits in the pack and in Q's prologue (v103: 434.8 us neox in call 1000Z,
          beside attention v087's 435.5). Attention v088 drops only the turns between the
          warpgroups, so v104 should gain what v088 gains. Predicted 1.04x over v103 at
          8x16x1024x128 neox.)")
      .prediction(fuselab::faster_than("rope/v103_lazy_rescale", 1.04, {"b8_h16_s1024_d128_neox"}))
      .launch(&fuselab::kernels::rope::v104::launch, &fuselab::kernels::attention::pack_beside_flash::workspace_bytes);
  return fuselab::experiments::on_packed_rope_kernels<fuselab::experiments::V084Kernels<k::v104::Steps>>(
      e, "pack_operands_fp16_ahead_two_in_flight", "flash_packed_fp16_after_pack_lazy_rescale_no_turns");
}
