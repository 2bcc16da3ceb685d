// Design direct_o_stores (sinusoidal v041, rope v043): one kernel design
// (kernels/designs/direct_o_stores.cuh), declared here for each PE kind it
// runs, each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/mask_split_kernels.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v041_direct_o_stores.cuh"
#include "kernels/rope/v043_direct_o_stores.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v041_direct_o_stores) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::register_qk_shared_pe;
  return fuselab::Experiment{}
      .parent("sinusoidal/v040_register_qk_shared_pe")
      .hypothesis(R"(
          Attention v032 stores phase 3's O straight from the accumulators (one barrier per
          step, no staging), predicted 1.03x over v030 at D = 8192 and 16384. Phase 3 carries no
          PE: the same 1.03x over v040 at both.)")
      .prediction(fuselab::faster_than("sinusoidal/v040_register_qk_shared_pe", 1.03,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::reduced_sinusoidal_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared",
              fuselab::experiments::mask_split_phase1<k::Pe, a::row_loader::RowQkSubTiles>())
      .kernels(fuselab::experiments::untriggered_phases_2_3("pv_wgmma_direct_o_mask_split", (const void*)&a::pv_pipeline::pv_kernel<a::tf32_mask_split::MaskedDirectOPv>))
      .launch(&fuselab::kernels::sinusoidal::v041::launch, &fuselab::kernels::attention::direct_o_stores::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v043_direct_o_stores) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v042_register_qk_shared_pe")
      .hypothesis(R"(
          Attention v032 stores phase 3's O straight from the accumulators (one barrier per
          step, no staging), predicted 1.03x over v030 at D = 8192 and 16384. Phase 3 carries no
          rotation: the same 1.03x over v042 at both, neox (~45 us at D = 16384).)")
      .prediction(fuselab::faster_than("rope/v042_register_qk_shared_pe", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_mask_split_phase1())
      .kernels(fuselab::experiments::untriggered_phases_2_3("pv_wgmma_direct_o_mask_split", (const void*)&a::pv_pipeline::pv_kernel<a::tf32_mask_split::MaskedDirectOPv>))
      .launch(&fuselab::kernels::rope::v043::launch, &fuselab::kernels::attention::direct_o_stores::workspace_bytes);
}
