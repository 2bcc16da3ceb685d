// attention v057 — v056 with its wgmma descriptors formed once. Under ncu
// at 8x16x1024x128 (reports/device-logs/20261125T1533Z-ncu-issue-v056.txt)
// v056 still runs ~1040 instructions per warp per 32-key tile at 31 % issue,
// against ~600 counted from the source. Each of a tile's 72 wgmma takes one
// or two descriptors, and CoreLayout::desc forms each from a generic pointer
// (conversion to a shared address, mask, shifts, the two fixed offsets).
// Here step 0's descriptors of Q big, K big, K small and the four V^T parts
// are formed before the key loop, and every k-step's is one add
// (CoreLayout::desc_step).
// Kernel: v054's with kLean and kStepDescs. Limits: v054's.
#pragma once

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v054_flash_wgmma.cuh"

namespace fuselab::kernels::attention::v057 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v054::launch_with<false, true, true>(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v057
