// sinusoidal/v086_q_once_per_block — attention v073 with v016's PE (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v086_q_once_per_block.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v086_q_once_per_block) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v053_keys_in_shared")
      .hypothesis(
          "The PE costs v053 0.6-0.7 us over attention v045 (4.93 against 4.32 us, run "
          "20261126T0042*; 5.31 against 4.64, 0052*), and under ncu 275 K more instructions "
          "(1.38 M against 1.10 M), ~134 per warp: ~10 per angle for 12 angles a lane (2 Q "
          "rows and 4 K rows, 2 angles each). The 4 Q angles are the same in all 16 warps. "
          "Attention v073 evaluates them once per block (warps 0 and 1) and loads Q once. "
          "Expect a third of the PE's work gone (~0.2 us) on top of v073's own gain (~0.2 "
          "us): ~4.55 us against v053's 4.93. Declared: 1.08x over v053 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v053_keys_in_shared", 1.08, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("q_once_kernel_sin", (const void*)&a::v073::q_once_kernel<k::v016::Pe>)
      .launch(&k::v086::launch);
}
