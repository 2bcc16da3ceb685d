// attention/v042_four_rows_in_registers — v041 with four query rows per block (see v041's kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v041_rows_in_registers.cuh"

FUSELAB_EXPERIMENT(attention, v042_four_rows_in_registers) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v041_rows_in_registers")
      .hypothesis(
          "v041's kernel with 4 rows per block: 64 blocks instead of 128. Each SM still takes "
          "64 KB of K and V from L2, but L2 serves 4 MB in all instead of 8 MB; each lane sums "
          "32 partials (31 shuffles) instead of 16. If L2's aggregate rate (~0.8 us for 8 MB "
          "at ~10 TB/s) rather than each SM's intake (~0.6 us for 64 KB) bounds v041, halving "
          "the total wins despite using half the SMs. Declared: 1.05x over v041 at "
          "1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v041_rows_in_registers", 1.05, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("rows_kernel_4", (const void*)&a::v041::rows_kernel<a::v002::NoPe, a::v041::kRowsV042>)
      .launch(&a::v041::launch_four_rows);
}
