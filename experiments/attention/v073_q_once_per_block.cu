// attention/v073_q_once_per_block — v045 with Q's rows loaded once per block and shared (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v073_q_once_per_block.cuh"

FUSELAB_EXPERIMENT(attention, v073_q_once_per_block) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v045_keys_in_shared")
      .hypothesis(
          "In v045 each of a block's 16 warps loads both Q rows: 16 KB of requests for 1 KB "
          "of Q, beside the 64 KB of K and V. fuselab_probe_head_tile_reads (runs "
          "20261126T0042*, 0052*) puts the D = 128 head tile's movement on L2's output: "
          "halving it (32 KB less per block) saved 0.57 us. v073 loads each Q row once "
          "(warps 0 and 1), shares it through shared memory behind one more block barrier, "
          "and keeps v045's K, V, scores, softmax and P V. If the 15 KB of repeated Q "
          "requests reach L2, that is ~0.27 us less, less ~0.05 us for the barrier: ~4.1 us "
          "against v045's 4.32-4.64. Declared: 1.05x over v045 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v045_keys_in_shared", 1.05, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("q_once_kernel", (const void*)&a::v073::q_once_kernel<a::v002::NoPe>)
      .launch(&a::v073::launch);
}
