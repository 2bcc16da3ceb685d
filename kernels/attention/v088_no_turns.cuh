// attention v088 — v087 without v064's turns (v083's kTurns = false): each
// warpgroup issues its score and P V products as soon as its operands are
// ready, where v064-v087 make the two warpgroups alternate (0's scores, 1's
// scores, 0's P V, ...) through two named barriers per warpgroup and tile.
// The turns paid when the tensor pipe was the limit (v064 over v063: 1.02x,
// tensor pipe 70 % busy); on fp16 parts it is ~50 % busy (call 0927Z) and
// the block barrier is the largest stall (ncu, call 1000Z).
// Limits: D = 128; any Sq, Sk >= 1; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/pack_beside_flash.cuh"
#include "kernels/attention/parts/split_d.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v088 {

struct Steps : pack_beside_flash::LazyRescaleSteps {
  static constexpr bool kRolledQ = true;
  static constexpr bool kTurns = false;
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  pack_beside_flash::launch_with<Steps>(p, split_d::NoPe{}, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v088
