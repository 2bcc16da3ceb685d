// sinusoidal/v053_keys_in_shared — attention v045 with v016's PE, frequencies loaded with Q (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v053_keys_in_shared.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v053_keys_in_shared) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v051_four_keys_per_warp")
      .hypothesis(
          "Attention v045's kernel under v016's PE. ncu (runs 20261121T1321*, 1330*): with the "
          "PE, long-scoreboard stalls rise from 1.0 to 2.0 cycles per instruction (v052 against "
          "attention v044), the mark of one more dependent round trip: the hook's __ldg of "
          "inv_freq, issued only when the PE runs, after Q and K land. v053 loads the lane's "
          "two frequencies with Q, and lands K by cp.async (attention v045). Expect the PE's "
          "cost over attention to fall from ~+0.5-0.9 us to ~+0.2 us and v045's own gain: "
          "~4.3 us (v051: 5.18-5.34). Declared: 1.15x over v051 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v051_four_keys_per_warp", 1.15, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("keys_in_shared_kernel_sin", (const void*)&a::v045::keys_in_shared_kernel<k::v016::Pe>)
      .launch(&k::v053::launch);
}
