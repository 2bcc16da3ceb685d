// sinusoidal/v094_smem_reserve_two_per_sm — v092 launched as attention v079 (100 KB of dynamic shared memory reserved; see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v094_smem_reserve_two_per_sm.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v094_smem_reserve_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v092_unshifted_exps")
      .hypothesis(
          "As attention v079: empty launches of this grid ran 0.80 us faster cold with 100 KB "
          "of dynamic shared memory reserved than with v092's 64 KB (call 20261126T0621Z, two "
          "processes). The kernel is unchanged. Declared: 1.10x over v092 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v092_unshifted_exps", 1.10, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("smem_reserve_two_per_sm_kernel_sin_fma_round",
              (const void*)a::v079::Launch::kKernel<k::v087::Pe>)
      .launch(&k::v094::launch);
}
