// sinusoidal/v075_flash_k_table_ahead — v074 with the table's loads a tile ahead (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v075_flash_k_table_ahead.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v075_flash_k_table_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v074_flash_k_table")
      .hypothesis(
          "Run 1724*: v074 (K's PE from a table in L2) ran 1190 us against v068's 1006 at "
          "8x16x1024x128, with 4 % fewer instructions; its long-scoreboard stalls rose from "
          "0.90 to 2.55 cycles per instruction, so the loads' L2 latency sits in the split of "
          "each K tile, between two block barriers. Issuing tile j + 1's loads as soon as "
          "tile j is converted gives them a whole tile (~3.6 us) to land. If that latency "
          "was the loss, it goes, and what is left is v068 less 4 % of its instructions: "
          "~990 us, 1.2x over v074 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v074_flash_k_table", 1.2, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("k_pe_table", (const void*)&k::v074::k_pe_table_kernel)
      .kernel("flash_wgmma_late_raw_wait_sin_reduced_k_table_ahead",
              (const void*)a::v054::kKernel<k::v075::Pe, true, true, true, true>)
      .launch(&k::v075::launch, &k::v074::workspace_bytes);
}
