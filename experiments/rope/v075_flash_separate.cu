// rope/v075_flash_separate — v000's rotation pass, then attention v059's flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v075_flash_separate.cuh"

FUSELAB_EXPERIMENT(rope, v075_flash_separate) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  return fuselab::Experiment{}
      .parent("rope/v000_separate")
      .hypothesis(
          "At 8x16x1024x128 neox the fused v071 (992 us, run 1612*) costs ~84 us over "
          "attention v059 alone (908 us): every 128-row block rotates all of its head's keys, "
          "8 times per key. The separate pipeline rotates each element once, but as a pass "
          "that reads Q and K and writes Q' and K' (268 MB, ~92 us at the ~2.9 TB/s copy "
          "ceiling), and Q' and K' (134 MB) do not stay in the 50 MB L2. Expected: ~1000 us, "
          "so fusion still wins on the flash design, but narrowly: v075 at least 1.01x "
          "slower than v071, neox.")
      .prediction(fuselab::slower_than("rope/v071_flash_late_raw_wait", 1.01, {"b8_h16_s1024_d128_neox"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}))
      .kernel("rope_qk_neox", (const void*)&k::v000::rope_qk_kernel<true>)
      .kernel("rope_qk_inter", (const void*)&k::v000::rope_qk_kernel<false>)
      .kernel("flash_wgmma_late_raw_wait", (const void*)a::v054::kKernel<a::v002::NoPe, true, true, true, true>)
      .launch(&k::v075::launch, &k::v075::workspace_bytes);
}
