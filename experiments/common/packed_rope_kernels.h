// The limits and kernels of a rope version on attention v063's packed flash
// kernel, in one place: the pack rotates K and the attention kernel Q, both
// with rope v008's hook (v017's reduced angle + __sincosf), for each pairing.
#pragma once

#include <string>

#include "experiments/common/limits.h"
#include "harness/core/experiment.h"
#include "kernels/attention/v063_flash_packed_operands.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::experiments {

// e's limits, and its kernels: pack_operands_k_rope_{neox,inter}_reduced and
// `flash`_q_rope_{neox,inter}_reduced (v063's kernel with the given flags).
template <bool kPingPong, bool kBigQInRegisters, bool kTwoScoreChains>
Experiment& on_packed_rope(Experiment& e, const std::string& flash) {
  namespace v063 = kernels::attention::v063;
  using Neox = kernels::rope::v008::RopeSplitPe<true, kernels::Sincos::kReduced>;
  using Inter = kernels::rope::v008::RopeSplitPe<false, kernels::Sincos::kReduced>;
  return e.limits(with_reduced_sincos(flash_limits({PeKind::RopeInterleaved, PeKind::RopeNeox})))
      .kernel("pack_operands_k_rope_neox_reduced", (const void*)v063::kPackKernel<Neox>)
      .kernel("pack_operands_k_rope_inter_reduced", (const void*)v063::kPackKernel<Inter>)
      .kernel(flash + "_q_rope_neox_reduced",
              (const void*)v063::kPackedKernel<Neox, kPingPong, kBigQInRegisters, kTwoScoreChains>)
      .kernel(flash + "_q_rope_inter_reduced",
              (const void*)v063::kPackedKernel<Inter, kPingPong, kBigQInRegisters, kTwoScoreChains>);
}

}  // namespace fuselab::experiments
