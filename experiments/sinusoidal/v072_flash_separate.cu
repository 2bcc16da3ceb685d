// sinusoidal/v072_flash_separate — v000's PE pass, then attention v059's flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v072_flash_separate.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v072_flash_separate) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v000_separate")
      .hypothesis(
          "At 8x16x1024x128 the fused v068 (987 us, run 1612*) costs ~79 us over attention "
          "v059 alone (908 us): every 128-row block adds the PE to all of its head's keys, 8 "
          "times per key. The separate pipeline adds the PE once per element, but as a pass "
          "that reads Q and K and writes Q' and K' (268 MB, ~92 us at the ~2.9 TB/s copy "
          "ceiling), and Q' and K' (134 MB) do not stay in the 50 MB L2, so v059 reads them "
          "from DRAM as it would Q and K. Expected: ~908 + 92 = ~1000 us, so fusion still "
          "wins on the flash design, but narrowly: v072 at least 1.01x slower than v068.")
      .prediction(fuselab::slower_than("sinusoidal/v068_flash_late_raw_wait", 1.01, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal}))
      .kernel("add_pe", (const void*)&k::v000::add_pe_kernel)
      .kernel("flash_wgmma_late_raw_wait", (const void*)a::v054::kKernel<a::v002::NoPe, true, true, true, true>)
      .launch(&k::v072::launch, &k::v072::workspace_bytes);
}
