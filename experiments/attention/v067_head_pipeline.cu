// attention/v067_head_pipeline — the split-D phases overlapped across heads by one queue of items (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v067_head_pipeline.cuh"

FUSELAB_EXPERIMENT(attention, v067_head_pipeline) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v050_early_triggers")
      .hypothesis(
          "Every split-D version runs phase 1 for all heads, then the softmax, then phase 3, so "
          "each phase ramps up and drains on its own and DRAM idles through the softmax: at "
          "D = 16384 v039's phases take 24.1 / 4.2 / 18.7 us under ncu where a plain read of Q "
          "and K and a copy of V to O take ~18 and 16.2 after the same flush. One queue of items "
          "(a head's phase-1 items, its softmax rows two heads of phase 1 later, its phase-3 "
          "steps after that), taken by ticket in one plain launch with per-head counters, keeps "
          "DRAM streaming across the seams; only the first head's ramp and the last head's "
          "softmax and phase 3 stay exposed. Of v050's ~7 us over the traffic floor at D = 16384 "
          "(~34 us) about half should go: ~37.5 us, 1.08x; at D = 8192 the same share, 1.08x. "
          "The items double phase 1's partials (128 a head at D >= 8192) and read them through "
          "L2: ~8 MB, not enough to matter.")
      .prediction(fuselab::faster_than("attention/v050_early_triggers", 1.08, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS))
      .kernel("head_pipeline", (const void*)a::v067::kKernel<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .launch(&a::v067::launch, &a::v067::workspace_bytes);
}
