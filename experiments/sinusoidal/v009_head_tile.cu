// sinusoidal/v009_head_tile — attention v004's small-D head tile with the PE fused (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v009_head_tile.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v009_head_tile) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::sinusoidal::v007;
  return fuselab::Experiment{}
      .parent("sinusoidal/v008_cluster")
      .hypothesis(
          "attention v004's head tile (one launch, the head's K and V in shared memory, no "
          "inter-block reduction) with the PE added in shared memory: per block 80 rows x 64 "
          "accurate sincosf pairs = 5 K sincosf over 256 threads (~20 per thread, well under "
          "1 us). Estimate ~4.7 us cold at 1x4x64x128 (v008_cluster: 10.2 us; target 4 us).")
      .prediction(fuselab::at_most_us(5.0, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::kKeys, a::kMaxD))
      .kernel("head_tile_kernel_sin", (const void*)&a::head_tile_kernel<k::SinSplitPe, a::kRowsV004>)
      .launch(&fuselab::kernels::sinusoidal::v009::launch);
}
