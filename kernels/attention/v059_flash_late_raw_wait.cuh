// attention v059 — v058 with the wait for the next raw tile moved behind the
// score products. v058 (two operand sets on v057, one barrier a tile) cut
// the barrier stall from 2.57 to 1.36 cycles per instruction but ran 0.89x
// of v057: its long-scoreboard stall rose from 0.80 to 1.51
// (reports/device-logs/20261125T1557Z-ncu-issue-v058.txt). There the raw tile
// j + 1 is requested at the end of tile j - 1 and waited for at the start
// of tile j, with no work between. Here tile j's score products are issued
// first (their operands were complete at the last barrier), and the wait
// and barrier for tile j + 1's raw data follow, so the products' time covers
// the request.
// Kernel: v054's with kAhead, kLean, kStepDescs and kLateRawWait. Limits:
// v054's.
#pragma once

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v054_flash_wgmma.cuh"

namespace fuselab::kernels::attention::v059 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v054::launch_with<true, true, true, true>(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v059
