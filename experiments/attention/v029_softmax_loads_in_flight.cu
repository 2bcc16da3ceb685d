// attention/v029_softmax_loads_in_flight — v028 with phase 2's partial loads in flight together (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"

FUSELAB_EXPERIMENT(attention, v029_softmax_loads_in_flight) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v028_wgmma_v_two_ahead")
      .hypothesis(
          "ncu at D = 16384: phase 2 (v014's softmax) takes 6.4 us for 4.2 MB of partials, "
          "issuing 14 % of the time, 15 cycles of long-scoreboard stall per instruction: each "
          "thread sums 16 partials four loads at a time, so it waits out four L2 round trips "
          "(~0.6 us each under load) in a row. Loading all 16 first leaves one: ~1.5 us less "
          "at D = 8192 and 16384 (64 chunks per head there), 1.04x over v028 at D = 8192 "
          "and 1.03x at 16384.")
      .prediction(fuselab::faster_than("attention/v028_wgmma_v_two_ahead", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v029::launch, &a::v029::workspace_bytes);
}
