// Part k_rotated_in_shared, first built as rope v005:
// the study's V5: v004 (4 query rows per block, 512 threads,
// inv_freq cached in shared memory) with K staged in shared memory: the block
// loads whole K rows (all D dims) of as many keys as fit beside the 4 Q rows,
// rotates them there once, and the warps read the dot products' K operand
// from shared memory. On the study's 48 KB that was 4 keys per sub-tile at
// D = 2048; here the budget is 216 KB (22 keys at D = 2048, 2 at D = 8192).
// Limits: D % 8 == 0, D <= 8192.
#pragma once

#include <algorithm>
#include <stdexcept>

#include "kernels/rope/parts/multi_query_rotation.cuh"

namespace fuselab::kernels::rope::k_rotated_in_shared {

inline constexpr std::size_t kSmemBudget = 216 * 1024;

template <class Pe>
inline void launch_staged(const AttentionProblem& p, const Pe& pe, int dt, cudaStream_t stream) {
  using namespace attention::row_online_softmax;
  const std::size_t fixed = std::size_t(multi_query_rotation::kQpb) * p.D + Pe::smem_floats(p.D);
  const long room = long(kSmemBudget / sizeof(float)) - long(fixed);
  KStage ks;
  ks.dt = dt;
  ks.bk = int(std::min<long>(kTileK, room / (dt + 4)));
  if (ks.bk < 1) throw std::runtime_error("rope K staging: head_dim too large for shared memory");
  launch_rows<multi_query_rotation::kQpb, multi_query_rotation::kThreads, multi_query_rotation::kMaxNV, Pe, true>(p, pe, stream, ks);
}

// dt == 0: whole rows (V5); otherwise dims per staged sub-tile (V6).
inline void launch_with_tile(const AttentionProblem& p, int dt, cudaStream_t stream) {
  const int cols = dt > 0 ? std::min(dt, p.D) : p.D;
  if (p.pe == PeKind::RopeNeox)
    launch_staged(p, on_the_fly_rotation::OnTheFlyPe<true, true>{p.inv_freq}, cols, stream);
  else
    launch_staged(p, on_the_fly_rotation::OnTheFlyPe<false, true>{p.inv_freq}, cols, stream);
}

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  launch_with_tile(p, 0, stream);
}

}  // namespace fuselab::kernels::rope::k_rotated_in_shared
