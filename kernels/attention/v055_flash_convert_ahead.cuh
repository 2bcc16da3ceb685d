// attention v055 — v054 with the next tile's operands made while the tensor
// cores work. v054 (run 20261125T1514*: 1.24 ms cold at 8x16x1024x128; ncu
// 1.55 ms at 5 % of DRAM peak) runs each 32-key tile as a chain behind block
// barriers: all 256 threads convert the tile (K's PE and split, V's split and
// transposed stores), then each warpgroup computes its scores, its softmax
// and its P V, waiting for each product. The tensor cores idle through the
// conversion. Here the block keeps two operand sets (225 KB of shared
// memory): tile j + 1's K is converted while tile j's scores run, its V
// while tile j's P V runs, and one barrier a tile hands the sets over.
// Kernel: v054's with kAhead. Limits: v054's.
#pragma once

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v054_flash_wgmma.cuh"

namespace fuselab::kernels::attention::v055 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v054::launch_with<true>(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v055
