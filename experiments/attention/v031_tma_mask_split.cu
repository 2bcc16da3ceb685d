// attention/v031_tma_mask_split — v030 with v027's TMA phase 1, split by masking (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v031_tma_mask_split.cuh"

FUSELAB_EXPERIMENT(attention, v031_tma_mask_split) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v030_tf32_mask_split")
      .hypothesis(
          "Under ncu at D = 16384, v027's TMA phase 1 took 20.1 us (rounded split) against 22.0 "
          "for v024's register loader; the masked split brought the register loader to 19.7 us "
          "(4.2 M instructions). The TMA ring with the masked split drops the per-lane loads "
          "and the layout arithmetic as well: expect phase 1 near 18 us under ncu, ~1.3 us "
          "less cold, 1.03x over v030 at D = 16384 (and 1.02x at 8192).")
      .prediction(fuselab::faster_than("attention/v030_tf32_mask_split", 1.03, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("tma_scores_mask_split", (const void*)&a::v027::tma_scores_kernel<a::v002::NoPe, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v031::launch, &a::v031::workspace_bytes);
}
