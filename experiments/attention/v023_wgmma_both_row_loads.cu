// attention/v023_wgmma_both_row_loads — v022's phase 1 with v019's phase 3 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v023_wgmma_both_row_loads.cuh"

FUSELAB_EXPERIMENT(attention, v023_wgmma_both_row_loads) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v022_wgmma_row_loads_padded")
      .hypothesis(
          "v019's wgmma phase 3 took 21.1 us under ncu at D = 16384 against 23.3 for v013's "
          "SIMT one (v014's choice), and measured 1.02-1.03x over v018 cold. Phase 3 does not "
          "depend on how phase 1 loads, so it should give v022 the same: 1.02x at D >= 8192 "
          "(~45 us at D = 16384).")
      .prediction(fuselab::faster_than("attention/v022_wgmma_row_loads_padded", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v023::launch, &a::v023::workspace_bytes);
}
