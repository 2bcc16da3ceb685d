// attention/v004_head_tile — small head_dim in one launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v004_head_tile.cuh"

FUSELAB_EXPERIMENT(attention, v004_head_tile) {
  namespace k = fuselab::kernels::attention::v004;
  return fuselab::Experiment{}
      .parent("attention/v003_cluster")
      .hypothesis(
          "At 1x4x64x128 the work is nil (2 M FMA, 0.5 MB) and every split-D design pays fixed "
          "costs: v002's three dependent launches (13.2 us cold), v003's two cluster barriers "
          "and DSMEM reduction (~4 us measured by removing them; 10.0 us cold). A block that "
          "holds its head's whole K and V (64 KB at D = 128) in shared memory and owns 16 query "
          "rows needs one launch, one DRAM round trip and no inter-block reduction: the cold "
          "floor of one launch (2.7 us: 1.26 x 2.16 us measured for a ~1 us kernel) + ~1 us to "
          "bring 72 KB into an SM + ~0.5 us of FMAs. Estimate ~4.5 us at 1x4x64x128.")
      .prediction(fuselab::at_most_us(5.0, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, k::kKeys, k::kMaxD))
      .kernel("head_tile_kernel", (const void*)&k::head_tile_kernel<fuselab::kernels::attention::v002::NoPe, k::kRowsV004>)
      .launch(&k::launch);
}
