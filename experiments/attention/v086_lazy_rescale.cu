// attention/v086_lazy_rescale — v085 with the row maxima moved lazily (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v086_lazy_rescale.cuh"

FUSELAB_EXPERIMENT(attention, v086_lazy_rescale) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v085_pack_two_tiles_in_flight")
      .hypothesis(
          "v083's softmax moves a warp's row maxima, and rescales its 64 O accumulators a "
          "thread, whenever a tile raises any of its 16 rows' maxima: a numpy count over uniform "
          "random rows of 1024 keys (scripts/rescale_count.py) puts that at 69 % of a warp's "
          "tiles. ncu (0938Z): v083's flash kernel executes ~568 warp instructions a warp-tile "
          "(149 M), of which the rescale is ~44. With a slack of 2^8 (p <= 256 meanwhile, held "
          "by fp32 sums and fp16 parts at the same relative precision) the count falls to ~3 %: "
          "~7 % fewer instructions. At 38 % issue the time should follow about half of that: "
          "predicted 1.03x over v085 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("attention/v085_pack_two_tiles_in_flight", 1.03, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("pack_operands_fp16_ahead_two_in_flight", (const void*)a::v084::kPackKernel<a::v002::NoPe, 2>)
      .kernel("flash_packed_fp16_after_pack_lazy_rescale", (const void*)a::v084::kPackedKernel<a::v002::NoPe, true>)
      .launch(&a::v086::launch, &a::v084::workspace_bytes);
}
