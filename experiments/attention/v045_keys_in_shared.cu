// attention/v045_keys_in_shared — v043 with K landing by cp.async, every load before any use (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v045_keys_in_shared.cuh"

FUSELAB_EXPERIMENT(attention, v045_keys_in_shared) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v043_four_keys_per_warp")
      .hypothesis(
          "v043's SASS (run 20261121T1321*) issues its 6 Q/K loads in three waves at 32 "
          "registers, each waiting on the last: long-scoreboard stalls of 3.1 cycles per "
          "instruction against 1.0 for v041, and 5.06 us cold against v041's 4.48. v045 lands "
          "K like V, by cp.async in two commit groups issued before anything is used, so one "
          "memory round trip remains; K is read back from shared memory (4 more shared loads "
          "per thread). If the two extra waves cost ~0.3 us each (L2-hit latency after the "
          "first DRAM trip), v045 gains ~0.6 us. Declared: 1.1x over v043 at 1x4x64x128.")
      .prediction(fuselab::faster_than("attention/v043_four_keys_per_warp", 1.1, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::v004::kKeys, a::v004::kMaxD))
      .kernel("keys_in_shared_kernel", (const void*)&a::v045::keys_in_shared_kernel<a::v002::NoPe>)
      .launch(&a::v045::launch);
}
