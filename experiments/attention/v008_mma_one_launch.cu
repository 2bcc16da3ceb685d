// attention/v008_mma_one_launch — v007's phases in one cooperative launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v008_mma_one_launch.cuh"

FUSELAB_EXPERIMENT(attention, v008_mma_one_launch) {
  namespace a = fuselab::kernels::attention::v007;
  namespace k = fuselab::kernels::attention::v008;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("attention/v007_mma_split_d")
      .hypothesis(
          "The split-D designs cost 12-13 us cold at 1x4x64x128, where the work is nil: three "
          "dependent launches, each starting cold (launch, first DRAM/L2 round trips, tail). One "
          "cooperative launch with two grid barriers (~1 us each: an atomic and a poll in L2 per "
          "block) keeps one launch floor (~2.7 us cold) and one DRAM round trip. Estimates: ~6 us "
          "at D = 128, ~8 us at D = 2048 (8 MB), and ~5 us less than v007 at D = 16384.")
      .prediction(fuselab::faster_than("attention/v007_mma_split_d", 1.4, {"b1_h4_s64_d128", "b1_h4_s64_d2048"}))
      .limits(lim)
      .kernel("one_launch", (const void*)k::kernel<fuselab::kernels::attention::v002::NoPe>)
      .launch(&k::launch, &a::workspace_bytes);
}
