// sinusoidal/v014_mma_interleaved — v013 on attention v009 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v014_mma_interleaved.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v014_mma_interleaved) {
  namespace a = fuselab::kernels::attention::v007;
  namespace o = fuselab::kernels::attention::v009;
  namespace k = fuselab::kernels::sinusoidal::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("sinusoidal/v013_mma_one_launch")
      .hypothesis(
          "Attention v009's two fixes (interleaved tiles for long DRAM runs, a block per softmax "
          "row) plus the PE one tile ahead of the mma: v013 applied it between two barriers per "
          "tile, so its sincosf and the tensor-core work never overlapped (v013 is 28 % slower "
          "than attention v008 at D = 16384). With one barrier per tile the PE's issue hides "
          "behind the loads. Estimates: ~35 us at 1x4x64x16384 (v013: 72 us), ~22 us at D = 8192 "
          "(45 us), ~13 us at D = 2048 (22 us).")
      .prediction(fuselab::faster_than("sinusoidal/v013_mma_one_launch", 1.4,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("interleaved_sin", (const void*)o::kernel<k::SinSplitPe>)
      .launch(&fuselab::kernels::sinusoidal::v014::launch, &a::workspace_bytes);
}
