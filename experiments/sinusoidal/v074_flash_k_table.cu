// sinusoidal/v074_flash_k_table — v068 with K's PE from a table computed once per launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v074_flash_k_table.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v074_flash_k_table) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v068_flash_late_raw_wait")
      .hypothesis(
          "Run 1713*: at 8x16x1024x128 v068 (1004.5 us) spends ~99 us over attention v059 "
          "(905.6), and the hybrid v073 (955.7) shows K's share is ~95: K's PE is evaluated "
          "by every 128-row block, 8 times per key, ~14 instructions per float4 of K (angle, "
          "reduction, two SFU sin/cos a pair, the adds) on the path that splits each tile. "
          "A table of K's PE (Sk x D floats, 512 KB, computed once by a small kernel, "
          "L2-resident) turns that into one 16-byte load and four adds. If the instructions "
          "are the cost and the load's L2 latency hides behind the tile's products (the "
          "split of tile j + 1 runs while tile j's wgmma do), about half of K's share goes: "
          "~955 us, 1.04x over v068, level with the hybrid without its 134 MB pass.")
      .prediction(fuselab::faster_than("sinusoidal/v068_flash_late_raw_wait", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("k_pe_table", (const void*)&k::v074::k_pe_table_kernel)
      .kernel("flash_wgmma_late_raw_wait_sin_reduced_k_table",
              (const void*)a::v054::kKernel<k::v074::Pe, true, true, true, true>)
      .launch(&k::v074::launch, &k::v074::workspace_bytes);
}
