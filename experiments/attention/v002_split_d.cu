// attention/v002_split_d — head_dim split across blocks (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v002_split_d.cuh"

FUSELAB_EXPERIMENT(attention, v002_split_d) {
  namespace k = fuselab::kernels::attention::v002;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, k::kS);
  return fuselab::Experiment{}
      .parent("attention/v001_online_softmax")
      .hypothesis(
          "At seq <= 64 with huge D, v001 and PyTorch run 4-256 blocks that each re-read a "
          "head's K/V. Splitting D across ~264 blocks makes every Q/K/V byte leave DRAM once "
          "(67 MB at 1x4x64x16384 = 23 us at 2.9 TB/s) and spreads the 1.07 GFLOP over all 132 "
          "SMs with 4x4 register tiles (~21 us at 51 TFLOP/s; phases 1 and 3 each half, each "
          "overlapping its own loads). Partials (4 MB) and P stay in L2. Estimate: phase 1 "
          "~14 us, softmax ~3 us, phase 3 ~14 us, plus launch gaps: <= 40 us at D = 16384 "
          "(PyTorch: 837 us); ~7 us at D = 2048.")
      .prediction(fuselab::at_most_us(40.0, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores", (const void*)&k::partial_scores_kernel<k::NoPe>)
      .kernel("softmax", (const void*)&k::softmax_kernel)
      .kernel("pv", (const void*)&k::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
