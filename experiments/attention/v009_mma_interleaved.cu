// attention/v009_mma_interleaved — v008 with interleaved tiles and a block-per-row softmax (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v009_mma_interleaved.cuh"

FUSELAB_EXPERIMENT(attention, v009_mma_interleaved) {
  namespace a = fuselab::kernels::attention::v007;
  namespace k = fuselab::kernels::attention::v009;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("attention/v008_mma_one_launch")
      .hypothesis(
          "Tensor cores did not move v007's phases (ncu, 1x4x64x16384: phase 1 31.2 us at 46 % "
          "of DRAM peak, phase 3 26.8 us, both as long as v002's SIMT phases), so neither FMA "
          "nor shared memory limits them; and its warp-per-row softmax took 25 us (64 dependent "
          "partial loads per lane, 32 blocks). Two changes: (1) at any moment each block reads "
          "its own 128-byte piece of 64 rows 64 KB apart, far from its neighbours' pieces: DRAM "
          "pages and channels serve scattered short runs. Interleaving the tiles (block c takes "
          "tiles c, c + chunks, ...) makes the blocks of a head read one long run per row "
          "together: expect phase 1 near 80 % of DRAM peak (~15 us). (2) A block per score row "
          "with 8 warps splitting the chunks cuts the softmax's dependent loads 8x (~2 us). "
          "Estimates: ~32 us at 1x4x64x16384 (v008: 56 us), ~20 us at D = 8192 (38 us), ~12 us "
          "at D = 2048 (22 us).")
      .prediction(fuselab::faster_than("attention/v008_mma_one_launch", 1.4,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("interleaved", (const void*)k::kernel<fuselab::kernels::attention::v002::NoPe>)
      .launch(&k::launch, &a::workspace_bytes);
}
