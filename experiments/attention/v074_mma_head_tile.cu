// attention/v074_mma_head_tile — the D = 128 head tile on the tensor cores, eight query rows a block (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v074_mma_head_tile.cuh"

FUSELAB_EXPERIMENT(attention, v074_mma_head_tile) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v045_keys_in_shared")
      .hypothesis(
          "fuselab_probe_head_tile_reads (runs 20261126T0042*, 0052*): v045's data movement "
          "alone takes 3.7-3.8 us cold, set by L2's output (8 MB: 32 blocks a head each copy "
          "its 64 KB of K and V); halving that output saved 0.6 us, but v070's four-row "
          "FFMA blocks doubled the instructions per SM and lost. With the 8 rows of a block "
          "as mma.sync's n, one warp's 3xTF32 tile covers 16 keys x 8 rows per 24 mma: "
          "8 blocks a head (2 MB out of L2) at ~300 instructions a warp. Expect the movement "
          "near ~2.9 us (the probe's new 8-row row says) plus P V and the stores after V lands "
          "(~0.3 us); the PE, scores and softmax run while V is in flight. ~3.3 us against "
          "v045's 4.3-4.6: declared 1.15x over v045 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v045_keys_in_shared", 1.15, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("mma_head_tile_kernel", (const void*)&a::v074::mma_head_tile_kernel<a::v002::NoPe>)
      .launch(&a::v074::launch);
}
