// sinusoidal/v087_reduction_on_fma_pipe — v086 with the angle's turn count rounded on the FMA pipe (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v087_reduction_on_fma_pipe.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v087_reduction_on_fma_pipe) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v086_q_once_per_block")
      .hypothesis(
          "ncu (run 20261126T0204*): the PE adds 3 XU-pipe instructions per angle: v053 "
          "executes 104,448 against attention v045's 30,720 (the softmax's exps), 36 per "
          "warp for 12 angles a lane: the SFU's sin and cos and the rintf (FRND) of the "
          "reduction. v086, with Q's angles once per block, 81,408. The XU pipe issues a "
          "warp's instruction over several cycles, and v053's MIO-throttle stalls were 0.74 "
          "cycles per instruction against v045's 0.22 (run 0052*). v087 rounds the turn "
          "count by two adds on the FMA pipe (round_by_adds: the same k, checked against "
          "rintf on the CPU), so the PE's XU work falls by a third (~64.5 K). Expect a "
          "third of v086's PE cost gone, ~0.1-0.15 us of ~4.5. Declared: 1.03x over v086 "
          "at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v086_q_once_per_block", 1.03, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("q_once_kernel_sin_fma_round", (const void*)&a::v073::q_once_kernel<k::v087::Pe>)
      .launch(&k::v087::launch);
}
