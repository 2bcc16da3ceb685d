// sinusoidal/v036_tf32_mask_split — v035 on attention v030 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v036_tf32_mask_split.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v036_tf32_mask_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v035_softmax_loads_in_flight")
      .hypothesis(
          "Attention v030 splits by masking (two instructions a value instead of ~9), predicted "
          "1.06x over v029 at D >= 8192. The PE sits before the split and is unchanged: 1.06x "
          "over v035 at D = 8192 and 16384. Accuracy is the risk here: the PE makes the scores "
          "large (up to ~D/2 before scaling), v035 shows 7.3e-6 at D = 16384 and the split's "
          "bound grows 4x; expect every case to pass 5e-5 still.")
      .prediction(fuselab::faster_than("sinusoidal/v035_softmax_loads_in_flight", 1.06,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v036::launch, &a::v030::workspace_bytes);
}
