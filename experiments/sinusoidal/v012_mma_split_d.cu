// sinusoidal/v012_mma_split_d — v007's PE on attention v007's tensor-core phases (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v012_mma_split_d.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v012_mma_split_d) {
  namespace a = fuselab::kernels::attention::v007;
  namespace k = fuselab::kernels::sinusoidal::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("sinusoidal/v011_split_d_tuned")
      .hypothesis(
          "Attention v007's tensor-core phases (3xTF32) make the split-D phases DRAM-bound "
          "instead of shared-memory-bound (estimate ~28 us at 1x4x64x16384 without PE). The PE "
          "stays where v011 had it, one accurate sincosf per dimension pair per Q and K row and "
          "query head (4.2 M at D = 16384, ~5 us of issue chip-wide), now applied in shared "
          "memory between two barriers per tile on a pipe with slack: mostly hidden under the "
          "tile loads, +~4 us. Estimate ~32 us at D = 16384 (v011: 59 us), ~18 us at D = 8192 "
          "(v011: 38 us).")
      .prediction(fuselab::faster_than("sinusoidal/v011_split_d_tuned", 1.4, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_mma_sin", (const void*)&a::partial_scores_kernel<k::SinSplitPe>)
      .kernel("softmax_rows", (const void*)&a::softmax_kernel)
      .kernel("pv_mma", (const void*)&a::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v012::launch, &a::workspace_bytes);
}
