// rope/v078_flash_k_table_ahead — v077 with the tables' loads a tile ahead (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v078_flash_k_table_ahead.cuh"

FUSELAB_EXPERIMENT(rope, v078_flash_k_table_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  return fuselab::Experiment{}
      .parent("rope/v077_flash_k_table")
      .hypothesis(
          "Run 1724*: v077 (K's cos/sin from tables in L2) ran 1199 us against v071's 1001 at "
          "8x16x1024x128 neox; for sinusoidal v074 ncu showed the tables' L2 latency in the "
          "split of each K tile (long-scoreboard stalls 0.90 -> 2.55 cycles per instruction). "
          "Issuing tile j + 1's loads as soon as tile j is converted gives them a whole tile "
          "to land. If that latency was the loss, it goes: ~990 us, 1.2x over v077, neox.")
      .prediction(fuselab::faster_than("rope/v077_flash_k_table", 1.2, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::flash_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox})))
      .kernel("k_cs_table", (const void*)&k::v077::k_cs_table_kernel)
      .kernel("flash_wgmma_late_raw_wait_rope_neox_reduced_k_table_ahead",
              (const void*)a::v054::kKernel<k::v078::Pe<true>, true, true, true, true>)
      .kernel("flash_wgmma_late_raw_wait_rope_inter_reduced_k_table_ahead",
              (const void*)a::v054::kKernel<k::v078::Pe<false>, true, true, true, true>)
      .launch(&k::v078::launch, &k::v077::workspace_bytes);
}
