// sinusoidal/v008_cluster — attention v003's one-launch design with the PE fused (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v008_cluster.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v008_cluster) {
  namespace k = fuselab::kernels::sinusoidal::v007;
  namespace a = fuselab::kernels::attention::v003;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kKeys);
  return fuselab::Experiment{}
      .parent("sinusoidal/v007_split_d")
      .hypothesis(
          "v007's split-D design in one launch (attention v003: cluster reduction through DSMEM, "
          "4-stage cp.async ring), the PE added in shared memory as each tile lands. The PE is "
          "1536 accurate sincosf per block per 32-dim tile against 65 K FMA: ~25% more issue in "
          "phase 1, mostly hidden where phase 1 waits on DRAM. Estimates (cold): ~4.5 us at "
          "D = 128, ~7 us at D = 2048, ~33 us at D = 16384 (v007: 13.4, 19.3, 59.7 us).")
      .prediction(fuselab::faster_than("sinusoidal/v007_split_d", 1.5,
                                       {"b1_h4_s64_d128", "b1_h4_s64_d2048", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("cluster_kernel_sin", (const void*)&a::cluster_kernel<k::SinSplitPe>)
      .launch(&fuselab::kernels::sinusoidal::v008::launch);
}
