// attention/v022_wgmma_row_loads_padded — v020 with conflict-free split stores (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"

FUSELAB_EXPERIMENT(attention, v022_wgmma_row_loads_padded) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::split_d::kS);
  return fuselab::Experiment{}
      .parent("attention/v020_wgmma_row_loads")
      .hypothesis(R"(
          The probe times phase 1's reads alone, cold, at D = 16384: 26.5 us with v017's
          row-per-lane loader, 22.4 us with v020's rows-per-warp loader, 20.8 us contiguous; at
          D = 8192: 14.0 / 12.0 / 11.7. v017's phase 1 already runs at its loader's read time.
          v020 lost to 8-way bank conflicts in its split stores; with those gone (a padded core
          layout), phase 1 should run at the faster loader's read time: ~4 us less than v017 at
          D = 16384 (~45.5 us, 1.09x) and ~2 us at D = 8192 (1.06x); declared as 1.06x.)")
      .prediction(fuselab::faster_than("attention/v017_wgmma_scores", 1.06, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded",
              (const void*)&a::wgmma_scores::partial_scores_kernel<a::split_d::NoPe, 1, a::row_loader::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::split_d_row_softmax::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::split_d_register_tiles::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::split_d_tuned::pv_kernel)
      .launch(&a::v022::launch, &a::v022::workspace_bytes);
}
