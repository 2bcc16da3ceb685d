// decode/v003_rows_by_warp (mechanism: kernels/decode/parts/split_kv.cuh,
// kByWarp; groups of fewer than 16 query rows run as v002).
#include "experiments/decode/limits.h"
#include "harness/core/registry.h"
#include "kernels/decode/v003_rows_by_warp.cuh"

FUSELAB_EXPERIMENT(decode, v003_rows_by_warp) {
  namespace k = fuselab::kernels::decode;
  return fuselab::Experiment{}
      .parent("decode/v002_prefetch_stream")
      .hypothesis(R"(
          v002 gives a block 4 query rows, so a kv head with 16 rows (32q/8kv with 4 draft
          tokens) takes 4 tiles that each read the whole chunk, and one with 64 rows (16 draft
          tokens, or MQA 64q/1kv) 16 tiles: at 8 x 32q/8kv x 32768 x 16 queries, 16 x 2.1 GB =
          34 GB through L2 (~3.4 ms at ~10 TB/s) for 2.1 GB of DRAM. Giving the block a 16-row
          tile, 4 rows per warp, every warp reading every key (the 4 warps share each line in
          L1), cuts the L2 reads 4x. With 4 drafts (16 rows, one tile) the chunk leaves DRAM
          once and the math is 4 x 4 rows x 128 x 2 FMA per KB, ~8 FLOP/byte, 23 TFLOP/s at the
          copy ceiling, under the FP32 peak: expect >= 1.3x over v002 at 8 x 32q/8kv x 32768 x 4
          and >= 60 % of the copy ceiling there (2.147 GB / (0.6 x 2.9 TB/s) = 1234 us). With 16
          drafts the math alone, 68.7 GFLOP at ~67 TFLOP/s, is 1.03 ms against 0.74 ms of copy:
          FP32-bound, below 75 % whatever the memory path.)")
      .prediction(fuselab::faster_than("decode/v002_prefetch_stream", 1.3, {"b8_h32kv8_s32768_q4"}))
      .limits(fuselab::experiments::decode::rotations_with_head_dim(64, 256))
      .kernel("split_kv_d128", (const void*)&k::split_kv::split_kv_kernel<4, true, true, false>)
      .kernel("split_kv_by_warp_d128", (const void*)&k::split_kv::split_kv_kernel<4, true, false, true>)
      .kernel("combine", (const void*)&k::split_kv::combine_kernel)
      .launch(&k::v003::launch, &k::split_kv::workspace_bytes_rows_by_warp);
}
