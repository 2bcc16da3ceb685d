// The workspace side of a separate PE pass ahead of attention (rope's
// separate_rotation, sinusoidal v000): kPass(p, qo, ko, stream) writes Q
// with its PE into qo and K into ko, either left out where null. Its outputs
// sit in the caller's workspace, Q' first (q_bytes(p), 256-byte aligned),
// then K'.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/problem.h"

namespace fuselab::kernels::separate_pe_pass {

inline std::size_t q_bytes(const AttentionProblem& p) {
  return align_up(std::size_t(p.B) * p.Hq * p.Sq * p.D * sizeof(float), 256);
}

// The pass over K alone into workspace (K's bytes); returns the problem on
// K' with Q's PE still to do (the hybrids).
template <auto kPass>
inline AttentionProblem k_done(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* ko = static_cast<float*>(workspace);
  kPass(p, nullptr, ko, stream);
  AttentionProblem p2 = p;
  p2.k = ko;
  return p2;
}

// The pass over Q and K into workspace; returns the problem on Q', K' with
// no PE left to do.
template <auto kPass>
inline AttentionProblem both_done(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* qo = static_cast<float*>(workspace);
  float* ko = reinterpret_cast<float*>(static_cast<char*>(workspace) + q_bytes(p));
  kPass(p, qo, ko, stream);
  AttentionProblem p2 = p;
  p2.q = qo;
  p2.k = ko;
  p2.pe = PeKind::None;
  return p2;
}

}  // namespace fuselab::kernels::separate_pe_pass
