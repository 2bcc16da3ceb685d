// attention v087 — v086 with Q's prologue loop kept rolled (v083's kRolledQ).
// The SASS of v083's flash kernel without a PE (call 0948Z) holds 1960
// instructions against 1760 with the sinusoidal PE, and ncu counts 149 M
// executed warp instructions against 118 M, for the same tile loop: ptxas
// forms every wgmma descriptor in vector registers and moves it to uniform
// ones before each product (80 R2UR against 12). Without a PE the prologue's
// 8-trip loop is unrolled, with a PE it is not; unrolling it by hand in the
// sinusoidal kernel gives the same 80 R2UR (local ptxas, 13.0). Kept rolled,
// the no-PE kernel compiles to 1704 instructions and 12 R2UR. The PE
// versions' kernels are unchanged by it (their loop is not unrolled).
// Limits: D = 128; any Sq, Sk >= 1; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/pack_beside_flash.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v087 {

struct Steps : pack_beside_flash::LazyRescaleSteps {
  static constexpr bool kRolledQ = true;
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  pack_beside_flash::launch_with<Steps>(p, split_d::NoPe{}, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v087
