// The limits and kernels of a rope version on a packed flash kernel
// (attention's pack beside the flash kernel), in one place: the pack rotates K and the
// attention kernel Q, both with rope v008's hook (v017's reduced angle +
// __sincosf), for each pairing.
#pragma once

#include <string>

#include "experiments/common/limits.h"
#include "harness/core/experiment.h"
#include "kernels/attention/parts/pack_beside_flash.cuh"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::experiments {

using RopeNeoxReduced = kernels::rope::split_d_rotation::RopeSplitPe<true, kernels::Sincos::kReduced>;
using RopeInterReduced = kernels::rope::split_d_rotation::RopeSplitPe<false, kernels::Sincos::kReduced>;

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

// attention's pack-beside-flash kernels with the given steps
// (pack_beside_flash::PackAheadSteps and its heirs).
template <class Steps>
struct V084Kernels {
  template <class Pe>
  static constexpr auto pack = kernels::attention::pack_beside_flash::kPackKernel<Pe, Steps>;
  template <class Pe>
  static constexpr auto flash = kernels::attention::pack_beside_flash::kPackedKernel<Pe, Steps>;
};

}  // namespace fuselab::experiments
