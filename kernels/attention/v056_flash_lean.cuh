// attention v056 — v054 with fewer instructions per tile. Under ncu at
// 8x16x1024x128 (reports/device-logs/20261125T1521Z-ncu-issue-v054.txt) v054
// issues on 41 % of cycles with 2 warps per scheduler, 460 M warp
// instructions (~1750 per warp per 32-key tile), its tensor pipe ~35 % busy
// (v055: 32 %): each warp is a chain of dependent instructions, and v055's
// overlap of the conversion with the products only moved instructions
// around (0.92x). Here the chain is shortened:
//   conversions: each thread's raw and operand addresses are fixed for the
//     whole kernel; per element a load, the split and two stores;
//   softmax: masks only on tiles where some key is hidden from some row of
//     the block; exponentials in base 2 with the scale folded into one
//     multiply (exp2f: MUFU.EX2, against expf's range reduction);
//   O is rescaled only when a row maximum moved somewhere in the warp.
// Kernel: v054's with kLean. Limits: v054's.
#pragma once

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v054_flash_wgmma.cuh"

namespace fuselab::kernels::attention::v056 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v054::launch_with<false, true>(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v056
