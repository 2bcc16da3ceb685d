// attention/v053_counting_barrier — v052 launched plainly, its grid barriers counted in a workspace word (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v053_counting_barrier.cuh"

FUSELAB_EXPERIMENT(attention, v053_counting_barrier) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v052_v_resident_two_per_sm")
      .hypothesis(
          "ncu timed v052's one kernel at 39.9 us at D = 16384 against 43.4 cold (v051: 44 "
          "against 48.4), and its one launch took 9.4 us on the 5-row fixture, as long as "
          "v039's three: starting a cooperative launch seems to cost ~3.5 us more than a plain "
          "one. The same kernel launched plainly, its two barriers counted in a workspace word "
          "(the grid still fits the device at once), should lose those ~3.5 us at every shape: "
          "1.07x over v052 at D = 2048, 8192 and 16384 (v052: 18.3, 30.5, 43.4 us), which at "
          "D = 16384 would also be ~1.05x over v039.")
      .prediction(fuselab::faster_than("attention/v052_v_resident_two_per_sm", 1.07,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("resident_v_two_per_sm_counting_barrier",
              (const void*)a::v052::kKernel<a::v002::NoPe, a::v020::RowQkSubTiles, fuselab::kernels::CountingGridBarrier>)
      .launch(&a::v053::launch, &a::v053::workspace_bytes);
}
