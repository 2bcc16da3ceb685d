// attention/v054_flash_wgmma — long sequences at D = 128: 128 query rows a block, K and V streamed once (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v054_flash_wgmma.cuh"

FUSELAB_EXPERIMENT(attention, v054_flash_wgmma) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v001_online_softmax")
      .hypothesis(
          "At 8x16x1024x128 the only designs that take Sk > 64 are the study's row kernel (one "
          "block per query row: each head's K and V read 1024 times) and cuBLAS around a "
          "softmax (2154 us; PyTorch eager 1540 us). The work is 34 GFLOP of Q K^T and 34 of "
          "P V; at fp32 accuracy on tensor cores (3xTF32) that is 206 GFLOP of tf32, 0.42 ms "
          "at the H100's dense tf32 peak. A block of two warpgroups owns 128 query rows, "
          "streams its head's K and V once in 32-key tiles with an online softmax, and keeps P "
          "in registers between the two products. Each tile runs its conversion (PE, splits, "
          "V transposed), scores, softmax and P V one after another behind block barriers, "
          "so the tensor cores idle about half the time: ~0.85 ms. Declared: at most 1000 us "
          "cold at 8x16x1024x128.")
      .prediction(fuselab::at_most_us(1000, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::flash_limits({fuselab::PeKind::None}))
      .kernel("flash_wgmma", (const void*)a::v054::kKernel<a::v002::NoPe>)
      .launch(&a::v054::launch);
}
