// The limits and kernels of a rope version on a packed flash kernel
// (attention v063's, v083's or v084's), in one place: the pack rotates K and the
// attention kernel Q, both with rope v008's hook (v017's reduced angle +
// __sincosf), for each pairing.
#pragma once

#include <string>

#include "experiments/common/limits.h"
#include "harness/core/experiment.h"
#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/attention/v083_flash_fp16_split.cuh"
#include "kernels/attention/v084_pack_beside_flash.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::experiments {

using RopeNeoxReduced = kernels::rope::v008::RopeSplitPe<true, kernels::Sincos::kReduced>;
using RopeInterReduced = kernels::rope::v008::RopeSplitPe<false, kernels::Sincos::kReduced>;

// e's limits, and its kernels: `pack`_k_rope_{neox,inter}_reduced and
// `flash`_q_rope_{neox,inter}_reduced; K::pack<Pe> and K::flash<Pe> are the
// kernels for a hook.
template <class K>
Experiment& on_packed_rope_kernels(Experiment& e, const std::string& pack, const std::string& flash) {
  return e.limits(with_reduced_sincos(flash_limits({PeKind::RopeInterleaved, PeKind::RopeNeox})))
      .kernel(pack + "_k_rope_neox_reduced", (const void*)K::template pack<RopeNeoxReduced>)
      .kernel(pack + "_k_rope_inter_reduced", (const void*)K::template pack<RopeInterReduced>)
      .kernel(flash + "_q_rope_neox_reduced", (const void*)K::template flash<RopeNeoxReduced>)
      .kernel(flash + "_q_rope_inter_reduced", (const void*)K::template flash<RopeInterReduced>);
}

// attention v063's kernels with the given flags.
template <bool kPingPong, bool kBigQInRegisters, bool kTwoScoreChains>
struct V063Kernels {
  template <class Pe>
  static constexpr auto pack = kernels::attention::v063::kPackKernel<Pe>;
  template <class Pe>
  static constexpr auto flash =
      kernels::attention::v063::kPackedKernel<Pe, kPingPong, kBigQInRegisters, kTwoScoreChains>;
};

template <bool kPingPong, bool kBigQInRegisters, bool kTwoScoreChains>
Experiment& on_packed_rope(Experiment& e, const std::string& flash) {
  return on_packed_rope_kernels<V063Kernels<kPingPong, kBigQInRegisters, kTwoScoreChains>>(e, "pack_operands",
                                                                                          flash);
}

// attention v083's kernels (fp16 parts).
struct V083Kernels {
  template <class Pe>
  static constexpr auto pack = kernels::attention::v083::kPackKernel<Pe>;
  template <class Pe>
  static constexpr auto flash = kernels::attention::v083::kPackedKernel<Pe>;
};

// attention v084's kernels (the pack beside the flash kernel), with v085's
// raw tiles in flight, v086's lazy rescale and v088's turns (or none).
template <int kRawTiles = 1, bool kLazyRescale = false, bool kTurns = true>
struct V084Kernels {
  template <class Pe>
  static constexpr auto pack = kernels::attention::v084::kPackKernel<Pe, kRawTiles>;
  template <class Pe>
  static constexpr auto flash = kernels::attention::v084::kPackedKernel<Pe, kLazyRescale, false, kTurns>;
};

}  // namespace fuselab::experiments
