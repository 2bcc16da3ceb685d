// rope/v077_flash_k_table — v071 with K's cos/sin from tables computed once per launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v077_flash_k_table.cuh"

FUSELAB_EXPERIMENT(rope, v077_flash_k_table) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  return fuselab::Experiment{}
      .parent("rope/v071_flash_late_raw_wait")
      .hypothesis(
          "Run 1713*: at 8x16x1024x128 neox v071 (992.8 us) spends ~87 us over attention v059 "
          "(905.6), and the hybrid v076 (959.6) shows most of it is K's: every 128-row block "
          "rotates all of its head's keys, 8 times per key, evaluating two SFU sin/cos per "
          "pair on the path that splits each tile. Tables of K's cos and sin (two Sk x D/2 "
          "arrays, 512 KB, computed once by a small kernel, L2-resident) turn that into two "
          "16-byte loads per 8 elements. If the instructions are the cost and the loads' L2 "
          "latency hides behind the tile's products, about half of K's share goes: ~950 us, "
          "1.04x over v071, neox.")
      .prediction(fuselab::faster_than("rope/v071_flash_late_raw_wait", 1.04, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("k_cs_table", (const void*)&k::v077::k_cs_table_kernel)
      .kernel("flash_wgmma_late_raw_wait_rope_neox_reduced_k_table",
              (const void*)a::v054::kKernel<k::v077::Pe<true>, true, true, true, true>)
      .kernel("flash_wgmma_late_raw_wait_rope_inter_reduced_k_table",
              (const void*)a::v054::kKernel<k::v077::Pe<false>, true, true, true, true>)
      .launch(&k::v077::launch, &k::v077::workspace_bytes);
}
