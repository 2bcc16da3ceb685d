// sinusoidal/v000_separate (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v000_separate.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v000_separate) {
  namespace k = fuselab::kernels::sinusoidal::v000;
  return fuselab::Experiment{}
      .hypothesis(R"(
          Baseline pipeline: one PE-add kernel writes Q' and K' (reads and writes Q and K once:
          4*(|Q|+|K|) bytes, 8 MB at 1x4x64x2048 -> ~3 us plus a launch) and attention v001 runs
          on them. The attention core dominates: v001 re-reads the head's K/V once per query row
          (Sq-fold L2 traffic, 256 MB at D = 2048 -> ~50 us at ~5.5 TB/s L2). Estimate ~55 us at
          1x4x64x2048; PyTorch eager SDPA + sin: 115 us.)")
      .prediction(fuselab::at_most_us(80.0, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::sinusoidal_row_kernel_limits())
      .kernel("add_pe", (const void*)&k::add_pe_kernel)
      .kernel("row_kernel_nv2", fuselab::experiments::row_kernel_nv2<fuselab::kernels::attention::row_online_softmax::NoPe>())
      .launch(&k::launch, &k::workspace_bytes);
}
