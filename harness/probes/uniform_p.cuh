// v082's phase-3 P source with no read, for the probes that time phase 3
// with P off its chain: P = 1/64 everywhere (a row-stochastic P, as phase 2
// leaves), split into its fp16 parts straight into shared memory.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_f16.cuh"

namespace fuselab::probes {

struct UniformHalfSplitP {
  static constexpr bool kHalves = true;
  using Layout = kernels::attention::v082::HalfDense64;
  __device__ static void put(const kernels::AttentionProblem& p, const float* /*P*/, int /*bh*/, float* pbig) {
    namespace att = kernels::attention;
    constexpr int kS = att::v002::kS;
    for (int r = 0; r < kS * kS / 4 / att::v002::kThreads; ++r) {
      const int e = threadIdx.x + att::v002::kThreads * r, i = e & 63, j4 = e >> 6;
      const float u = 1.f / kS;
      const float4 x = i < p.Sq ? make_float4(u, u, u, u) : kernels::zero4();
      kernels::put_split_f16(pbig, pbig + att::v019::kPFloats, Layout::offset_halves(i, 4 * j4), x);
    }
  }
};

}  // namespace fuselab::probes
