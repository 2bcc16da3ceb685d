// sinusoidal/v018_head_tile_static_d — attention v012 with v016's PE (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v018_head_tile_static_d.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v018_head_tile_static_d) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v016_head_tile_reduced_sincos")
      .hypothesis(
          "Attention v012's head tile compiled for D = 128 (shifts, constant trip counts, "
          "shorter chains, V landing behind the scores) under v016's PE. ncu on v016 at "
          "1x4x64x128: 1.21 M instructions, 2.4 k per warp, of which ~0.6 k are the PE loop with "
          "its runtime index divisions. Expect the same ~1.45x as attention v012 over v005: "
          "~6.4 us (v016: 9.3 us).")
      .prediction(fuselab::faster_than("sinusoidal/v016_head_tile_reduced_sincos", 1.4, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::kKeys, a::kMaxD)))
      .kernel("static_d_kernel_128_sin", (const void*)&fuselab::kernels::attention::v012::static_d_kernel<k::v016::Pe, 128>)
      .launch(&k::v018::launch);
}
