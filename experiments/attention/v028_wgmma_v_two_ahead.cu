// attention/v028_wgmma_v_two_ahead — v024 with phase 3's V two steps ahead (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"

FUSELAB_EXPERIMENT(attention, v028_wgmma_v_two_ahead) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v024_wgmma_pv_register_a")
      .hypothesis(
          "ncu of v027 at D = 16384: phase 3 (v024's) takes 20.0 us at 29 % of DRAM peak, phase "
          "1 20.1 us at 53 %; the phase-3 probe moves its bytes in 13.8 us cold. At D = 16384 a "
          "phase-3 block runs 2 steps of 128 dims with one V buffer: step 2's 32 KB are issued "
          "only after step 1's products, 8.4 MB chip-wide (~3 us at copy bandwidth) that only "
          "step 1's O stores overlap. Two V buffers, both issued before the wait for P, with O "
          "staged in the finished buffer (same shared memory): ~2.5 us less at D = 16384, "
          "1.05x over v024. At D <= 8192 a block has one step, so nothing changes there.")
      .prediction(fuselab::faster_than("attention/v024_wgmma_pv_register_a", 1.05, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v028::launch, &a::v028::workspace_bytes);
}
