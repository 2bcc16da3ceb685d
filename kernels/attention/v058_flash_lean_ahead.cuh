// attention v058 — v057 with v055's two operand sets. v055 converted the
// next tile during the current one's products and lost (0.92x of v054)
// while the kernel was bound by issuing its instructions (41 % issue, 460 M
// instructions under ncu at 8x16x1024x128). After v056 and v057 the
// instructions are 212 M, issue is 25 %, and block barriers are the largest
// stall (2.57 cycles per instruction,
// reports/device-logs/20261125T1542Z-ncu-issue-v057.txt). Two operand sets
// leave one barrier a tile instead of two, and the conversion runs while
// the tensor cores work.
// Kernel: v054's with kAhead, kLean and kStepDescs. Limits: v054's.
#pragma once

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v054_flash_wgmma.cuh"

namespace fuselab::kernels::attention::v058 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v054::launch_with<true, true, true>(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v058
