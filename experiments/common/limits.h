// The limits of the two attention designs the families build on, in one
// place: a version declares which design it uses and what it adds.
#pragma once

#include <set>

#include "harness/core/experiment.h"
#include "kernels/common/problem.h"

namespace fuselab::experiments {

inline constexpr long kExactPositions = 1L << 24;  // float(pos) is exact below this

// Sincos::kReduced (kernels/common/pe.cuh) keeps its error bound for angles
// below 2^17 rad; with inv_freq <= 1 that is every position below 2^17.
inline Limits with_reduced_sincos(Limits l) {
  l.max_position = (1L << 17) - 1;
  return l;
}

// attention v001's one-block-per-query-row kernel: any Sq and Sk, causal,
// GQA and cross-attention; D a multiple of `head_dim_multiple`, D <= max_head_dim.
inline Limits row_kernel_limits(std::set<PeKind> pe, int head_dim_multiple,
                                int max_head_dim = 16384) {
  Limits l;
  l.pe = std::move(pe);
  l.head_dim_multiple = head_dim_multiple;
  l.max_head_dim = max_head_dim;
  l.causal = l.gqa = l.cross = true;
  if (!l.pe.count(PeKind::None)) l.max_position = kExactPositions;
  return l;
}

// attention v002's split-head_dim kernels: Sq, Sk <= 64, causal, GQA, cross.
inline Limits split_d_limits(std::set<PeKind> pe, int head_dim_multiple, int max_seq) {
  Limits l;
  l.pe = std::move(pe);
  l.head_dim_multiple = head_dim_multiple;
  l.max_seq_q = l.max_seq_k = max_seq;
  l.causal = l.gqa = l.cross = true;
  if (!l.pe.count(PeKind::None)) l.max_position = kExactPositions;
  return l;
}

// The split-D pipeline without a PE (attention's own versions on it).
inline Limits no_pe_split_d_limits(int max_seq) { return split_d_limits({PeKind::None}, 4, max_seq); }

// The split-D pipeline with a PE hook on the reduced angle (Sincos::kReduced):
// sinusoidal on float4s, or RoPE in either pairing (neox pairs need D % 8).
inline Limits reduced_sinusoidal_split_d_limits(int max_seq) {
  return with_reduced_sincos(split_d_limits({PeKind::Sinusoidal}, 4, max_seq));
}
inline Limits reduced_rope_split_d_limits(int max_seq) {
  return with_reduced_sincos(split_d_limits({PeKind::RopeInterleaved, PeKind::RopeNeox}, 8, max_seq));
}

// attention v004's head-tile kernel: the head's whole K and V in shared
// memory, so Sk <= max_seq_k and D <= max_head_dim; any Sq; causal, GQA, cross.
inline Limits head_tile_limits(std::set<PeKind> pe, int head_dim_multiple, int max_seq_k,
                               int max_head_dim) {
  Limits l;
  l.pe = std::move(pe);
  l.head_dim_multiple = head_dim_multiple;
  l.max_head_dim = max_head_dim;
  l.max_seq_k = max_seq_k;
  l.causal = l.gqa = l.cross = true;
  if (!l.pe.count(PeKind::None)) l.max_position = kExactPositions;
  return l;
}

// attention v054's flash kernel: D = 128 only; any Sq and Sk; causal, GQA, cross.
inline Limits flash_limits(std::set<PeKind> pe) {
  Limits l;
  l.pe = std::move(pe);
  l.head_dim_multiple = 128;
  l.max_head_dim = 128;
  l.causal = l.gqa = l.cross = true;
  if (!l.pe.count(PeKind::None)) l.max_position = kExactPositions;
  return l;
}

}  // namespace fuselab::experiments
