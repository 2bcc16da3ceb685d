// sinusoidal/v073_flash_hybrid — K's PE by a pass, Q's in attention v059's flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v073_flash_hybrid.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v073_flash_hybrid) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v072_flash_separate")
      .hypothesis(
          "Run 1706*: at 8x16x1024x128 the separate pipeline (v072, 1002.7 us) ran only "
          "1.007x slower than the fused v068 (996.1): the pass's 268 MB cost about what "
          "v068's fused PE costs, since each 128-row block adds the PE to all of its head's "
          "keys (8 times per key) and each Q element once. Of v068's ~88 us of PE, K's share "
          "is then ~8/9 (~78 us) and Q's ~10. A pass over K alone moves 134 MB (~46 us at the "
          "~2.9 TB/s copy ceiling) and Q's PE stays fused: ~908 + 46 + 10 = ~964 us. "
          "Predicted 1.03x over v068 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v068_flash_late_raw_wait", 1.03, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("add_pe", (const void*)&k::v000::add_pe_kernel)
      .kernel("flash_wgmma_late_raw_wait_q_sin_reduced",
              (const void*)a::v054::kKernel<k::v073::Pe, true, true, true, true>)
      .launch(&k::v073::launch, &k::v073::workspace_bytes);
}
