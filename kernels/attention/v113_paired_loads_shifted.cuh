// attention v113 — v112 (rope neox's reads, no rotation) with the high-half
// piece of every sub-tile read 256 bytes further on (cyclically within the
// high half): a diagnostic. v112 ran 1.07x slower than v111 at 1x4x64x16384
// and no slower at 8192 (call 0337Z of 2026-11-27). At 16384 a row is 64 KB
// and a thread's two float4s are 32 KB apart; at 8192, 16 KB. If requests a
// power-of-two distance apart share a memory channel or L2 slice, moving one
// of each pair by 256 bytes spreads them; the dot product still takes every
// dim once (dim i of the low half meets dim D/2 + (i + 64) mod D/2, the same
// for Q and K), so the output is attention's.
// Limits: as v112.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v111_softmax_in_phase1.cuh"
#include "kernels/attention/v112_paired_loads.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::v113 {

// v020's paired loader (spread pairs) with the high piece shifted.
template <class Pe>
struct ShiftedHighRowQkSubTiles : v020::RowQkSubTiles<Pe, true> {
  static_assert(Pe::kPaired, "the paired plan");
  static constexpr int kShift = 64;  // floats: 256 bytes
  using v020::RowQkSubTiles<Pe, true>::RowQkSubTiles;

  __device__ __forceinline__ void load(int s) {
    auto& t = *this;
#pragma unroll
    for (int n = 0; n < 4; ++n) t.x[n] = zero4();
    const int i = s * (v002::kSub1 / 2) + 4 * t.f;
    t.dim0 = i < t.half ? i : -1;
    if (t.dim0 < 0) return;
    const int j = t.half + (i + kShift) % t.half;
    if (t.row0 < t.Sq) {
      t.x[0] = ldg4(t.qbase + std::size_t(t.row0) * t.D + i);
      t.x[1] = ldg4(t.qbase + std::size_t(t.row0) * t.D + j);
    }
    if (t.row0 < t.Sk) {
      t.x[2] = ldg4(t.kbase + std::size_t(t.row0) * t.D + i);
      t.x[3] = ldg4(t.kbase + std::size_t(t.row0) * t.D + j);
    }
  }
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v111::launch_with<v112::PairedNoPe, ShiftedHighRowQkSubTiles>(p, v112::PairedNoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v113
