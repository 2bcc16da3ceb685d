// attention/v106_max_shared_carveout — v103 with every kernel of the pipeline at the largest shared-memory carveout (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v106_max_shared_carveout.cuh"

FUSELAB_EXPERIMENT(attention, v106_max_shared_carveout) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "In v103's timeline (1728Z, D = 16384) phase 3's blocks begin only as phase 2's end "
          "(phase 2 ends 23.04-23.46 us, phase 3 starts 23.58-24.32, median P wait passed at "
          "24.10), though every phase-2 block triggers phase 3's launch as it begins (~21.4 us) "
          "and by registers one phase-3 block (119 x 256) fits beside two phase-2 blocks (32 x "
          "256). Phase 2's kernel (2 KB of static shared memory) asks for no carveout, so its SMs "
          "may have no room for a phase-3 block (96 KB) until they drain and are configured "
          "again. With every kernel at the largest carveout, one phase-3 block per SM can wait "
          "beside phase 2 and go as it completes, and the second follows as phase 2's blocks "
          "leave, with no reconfiguration. If phase 3 starts ~0.5 us sooner on average and V "
          "lands as before from then, the end moves as much: 1.01x over v103 at D = 8192 and "
          "16384 (~24.8 and ~38.0 us). The timeline probe's phase 3 start tells whether the "
          "carveout was what held the blocks.")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.01,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_max_shared",
              (const void*)a::v106::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_max_shared",
              (const void*)&a::v050::row_softmax_kernel<true, a::v106::MaxSharedRows>)
      .kernel("row_softmax_16_in_flight_coherent_max_shared",
              (const void*)&a::v050::row_softmax_kernel<false, a::v106::MaxSharedRows>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first_max_shared", (const void*)a::v106::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v106::launch, &a::v106::workspace_bytes);
}
