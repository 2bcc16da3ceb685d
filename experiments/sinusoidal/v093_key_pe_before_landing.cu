// sinusoidal/v093_key_pe_before_landing — v092 with K's PE values taken before K's rows land (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v093_key_pe_before_landing.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v093_key_pe_before_landing) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v092_unshifted_exps")
      .hypothesis(
          "ncu (run 20261126T0536*) counts 980 K instructions for v092 against 760 K for "
          "attention v078, the same design without PE: ~107 a warp, mostly the sin/cos of "
          "its 4 keys at the lane's two frequencies (8 pairs, 16 SFU operations). In the "
          "PTX they follow cp.async.wait_group, so all 16 warps of an SM start them when K "
          "lands: 16 x 16 SFU operations at 8 cycles a warp over 4 schedulers, ~500 cycles "
          "(~0.27 us) of SFU time on the chain where nothing else overlaps it. The probe "
          "puts the PE's cost at 0.11 us (3.79 against 3.68 us). The values need only the "
          "keys' positions and the frequencies, which land with or before K; taken before "
          "the wait, expect most of that cost to overlap K's landing: declared 1.02x over "
          "v092 at 1x4x64x128.")
      .prediction(fuselab::faster_than("sinusoidal/v092_unshifted_exps", 1.02, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("key_pe_before_landing_kernel_sin_fma_round", (const void*)a::v078::kKernel<k::v087::Pe, true>)
      .launch(&k::v093::launch);
}
