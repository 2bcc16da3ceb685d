// attention/v090_v_by_bulk_copies — v082 with phase 3's V landed by bulk copies (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v090_v_by_bulk_copies.cuh"

FUSELAB_EXPERIMENT(attention, v090_v_by_bulk_copies) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "The split-D timeline (calls 1107Z, 1116Z) shows v082's phase 3 reading V at ~1.5 TB/s: "
          "issuing its 16 cp.async a thread holds the threads until ~31 us (P was complete at 23.5) "
          "and the second step lands at 35.3 us. v089 showed DRAM had no spare time to give earlier. "
          "Bulk copies (warp 0, one per key row) take V off the threads' load path; if V and the "
          "~8 MB of write-back it forces then move at phase 1's ~2.6 TB/s, V lands by ~34 us and P "
          "is read at ~25 us, and phase 3 ends ~2-3 us earlier at D = 16384 (~2 us at 8192): "
          "predicted 1.05x over v082 at D = 8192 and 16384 (~25.8 and ~39 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.05, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_fp16_split_v_bulk_copies_coherent_p", (const void*)a::v090::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v090::launch, &a::v090::workspace_bytes);
}
