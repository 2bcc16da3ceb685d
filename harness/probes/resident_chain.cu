// Probe: the least a one-launch split-D attention kernel must do when every
// block holds all of its operands at once (D <= 8192 at 1x4x64xD: a head's
// 64 blocks own 64 rows x D/64 dims each of Q, K and V, 3 x 32 KB at 8192,
// two blocks per SM). No arithmetic beyond a stand-in for each step, so the
// time is the memory chain's alone:
//   bulk in, O out        each block puts its Q, K and V rows in flight at
//                         once (1-D bulk copies, one mbarrier for Q and K,
//                         one for V), waits for them and stores its O rows
//                         from V: all bytes in flight from the start;
//   + barrier only        after Q and K land, a counting barrier of the
//                         head's 64 blocks, then the O stores;
//   + red, barrier, S     after Q and K land, the block's 64x64 stand-in
//                         partial is added into its head's S at L2
//                         (red.global.add.v4), then a counting barrier of
//                         the head's 64 blocks, then each block reads S
//                         (16 KB) before its O stores;
//   + rows, 2 barriers, P after Q and K land, the partial is stored; a
//                         head barrier; each block sums its row of the 64
//                         partials (16 KB) and stores it as P's row; a
//                         second head barrier; each block reads P (16 KB)
//                         before its O stores;
//   + cluster red, ...    as "+ red, barrier, S", with the partials of a
//                         cluster of C blocks (C = 4, 8) summed first over
//                         distributed shared memory (each block a share
//                         of the tile's rows), so a head's S takes 64 / C
//                         reds per element instead of 64;
//   ...; V after Q, K     the same, with V's copies issued only once the
//                         block's Q and K have landed (Q and K first in
//                         DRAM's queue, V streaming under the barrier).
// Each is timed cold as every experiment is (the harness's ColdTimer and
// sampling rule). Compare with fuselab_probe_traffic_floor (the streaming
// floor, Q + K + V -> O) and the pipeline's own times at the same D.
// The barriers need every block resident; a D whose blocks do not fit two
// to an SM is refused.
//   fuselab_probe_resident_chain [D...]   (default 2048 8192)
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/global_red.cuh"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/tma.cuh"

namespace {

constexpr int kS = 64, kHeads = 4, kThreads = 256, kBlocksPerHead = 64, kTile4 = kS * kS / 4;

enum class Chain { kBulkOnly, kBarrierOnly, kRedBarrierS, kRowsTwoBarriers, kClusterRedBarrierS };

// Block (chunk, head): rows 0..63, dims chunk * dpb .. + dpb of its head.
// kC: the cluster's blocks (kClusterRedBarrierS).
template <Chain kChain, bool kVAfterQk, int kC = 1>
__global__ void __launch_bounds__(kThreads, 2)
    resident_chain(const float* __restrict__ q, const float* __restrict__ k, const float* __restrict__ v,
                   float* __restrict__ o, float* __restrict__ scratch, unsigned* words, int D, int dpb) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  namespace fk = fuselab::kernels;
  extern __shared__ __align__(128) float smem[];  // Q | K | V rows, 64 x dpb each (| the partial)
  __shared__ std::uint64_t bars[2];
  const int chunk = blockIdx.x, h = blockIdx.y, tid = threadIdx.x, tile = kS * dpb;
  float *sq = smem, *sk = smem + tile, *sv = smem + 2 * tile;
  if (tid == 0) {
    fk::mbarrier_init(&bars[0], 1);
    fk::mbarrier_init(&bars[1], 1);
    fk::fence_mbarrier_init();
  }
  __syncthreads();
  const unsigned row_bytes = unsigned(dpb) * sizeof(float);
  auto issue_v = [&] {  // by warp 0
    if (tid == 0) fk::mbarrier_expect_tx(&bars[1], kS * row_bytes);
    __syncwarp();
    for (int r = tid; r < kS; r += 32)
      fk::bulk_load(sv + r * dpb, v + (std::size_t(h) * kS + r) * D + std::size_t(chunk) * dpb, row_bytes, &bars[1]);
  };
  if (tid < 32) {
    if (tid == 0) fk::mbarrier_expect_tx(&bars[0], 2 * kS * row_bytes);
    __syncwarp();
    for (int r = tid; r < kS; r += 32) {
      const std::size_t g = (std::size_t(h) * kS + r) * D + std::size_t(chunk) * dpb;
      fk::bulk_load(sq + r * dpb, q + g, row_bytes, &bars[0]);
      fk::bulk_load(sk + r * dpb, k + g, row_bytes, &bars[0]);
    }
    if (!kVAfterQk) issue_v();
  }
  float carry = 0.f;  // what the O stores depend on
  if (kChain != Chain::kBulkOnly || kVAfterQk) fk::mbarrier_wait(&bars[0], 0);
  if (kVAfterQk && tid < 32) issue_v();
  if constexpr (kChain == Chain::kBarrierOnly) fk::counting_barrier(words + h, kBlocksPerHead, chunk == 0);
  if constexpr (kChain == Chain::kClusterRedBarrierS) {
    static_assert(kTile4 % (kC * kThreads) == 0 || kThreads % (kTile4 / kC) == 0, "a share per block");
    namespace cg = cooperative_groups;
    const cg::cluster_group cluster = cg::this_cluster();
    float4* mine = reinterpret_cast<float4*>(smem + 3 * tile);
#pragma unroll
    for (int j = 0; j < kTile4 / kThreads; ++j) {
      const int e = (4 * (tid + kThreads * j)) % tile;
      const float4 a = *reinterpret_cast<const float4*>(sq + e), b = *reinterpret_cast<const float4*>(sk + e);
      mine[tid + kThreads * j] = make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    cluster.sync();  // every block's partial is in its shared memory
    constexpr int kShare = kTile4 / kC;
    const int rank = int(cluster.block_rank());
    for (int i = tid; i < kShare; i += kThreads) {
      float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
      for (int b = 0; b < kC; ++b) {
        const float4 x = cluster.map_shared_rank(mine, b)[rank * kShare + i];
        sum = make_float4(sum.x + x.x, sum.y + x.y, sum.z + x.z, sum.w + x.w);
      }
      fk::red_add4(scratch + 4 * (h * kTile4 + rank * kShare + i), sum);
    }
    cluster.sync();  // no block leaves while another reads its partial
    fk::counting_barrier(words + h, kBlocksPerHead, chunk == 0);
    const float4* s4 = reinterpret_cast<const float4*>(scratch);
#pragma unroll
    for (int j = 0; j < kTile4 / kThreads; ++j) {
      const float4 x = __ldcg(s4 + h * kTile4 + tid + kThreads * j);
      carry += x.x + x.w;
    }
  }
  if constexpr (kChain == Chain::kRedBarrierS || kChain == Chain::kRowsTwoBarriers) {
    // The stand-in partial: 64 x 64 floats from Q and K, 4 float4s a thread.
    float4 part[kTile4 / kThreads];
#pragma unroll
    for (int j = 0; j < kTile4 / kThreads; ++j) {
      const int e = (4 * (tid + kThreads * j)) % tile;
      const float4 a = *reinterpret_cast<const float4*>(sq + e), b = *reinterpret_cast<const float4*>(sk + e);
      part[j] = make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    float4* s4 = reinterpret_cast<float4*>(scratch);
    if constexpr (kChain == Chain::kRedBarrierS) {
      // scratch: S, a 64 x 64 tile per head
#pragma unroll
      for (int j = 0; j < kTile4 / kThreads; ++j) fk::red_add4(scratch + 4 * (h * kTile4 + tid + kThreads * j), part[j]);
      fk::counting_barrier(words + h, kBlocksPerHead, chunk == 0);
#pragma unroll
      for (int j = 0; j < kTile4 / kThreads; ++j) {
        const float4 x = __ldcg(s4 + h * kTile4 + tid + kThreads * j);
        carry += x.x + x.w;
      }
    } else {
      // scratch: the head's 64 partials, then P (a tile per head)
      float4* parts = s4 + std::size_t(h) * kBlocksPerHead * kTile4;
      float4* p4 = s4 + std::size_t(kHeads) * kBlocksPerHead * kTile4 + h * kTile4;
#pragma unroll
      for (int j = 0; j < kTile4 / kThreads; ++j) parts[chunk * kTile4 + tid + kThreads * j] = part[j];
      fk::counting_barrier(words + h, kBlocksPerHead, chunk == 0);
      // Row `chunk` of S: 16 float4s, summed over the 64 partials (16 threads a float4, 4 partials each).
      const int c4 = tid & 15, slice = tid >> 4;
      float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
      for (int i = 0; i < kBlocksPerHead / 16; ++i) {
        const float4 x = __ldcg(parts + (slice + 16 * i) * kTile4 + chunk * 16 + c4);
        sum = make_float4(sum.x + x.x, sum.y + x.y, sum.z + x.z, sum.w + x.w);
      }
      __shared__ float4 sums[kThreads];
      sums[tid] = sum;
      __syncthreads();
      if (tid < 16) {
        float4 r = sums[tid];
        for (int i = 1; i < 16; ++i) {
          const float4 x = sums[tid + 16 * i];
          r = make_float4(r.x + x.x, r.y + x.y, r.z + x.z, r.w + x.w);
        }
        p4[chunk * 16 + tid] = r;
      }
      fk::counting_barrier(words + kHeads + h, kBlocksPerHead, chunk == 0);
#pragma unroll
      for (int j = 0; j < kTile4 / kThreads; ++j) {
        const float4 x = __ldcg(p4 + tid + kThreads * j);
        carry += x.x + x.w;
      }
    }
  }
  fk::mbarrier_wait(&bars[1], 0);
  const int per_row4 = dpb / 4;
  for (int i = tid; i < kS * per_row4; i += kThreads) {
    const int r = i / per_row4, c = i % per_row4;
    float4 x = reinterpret_cast<const float4*>(sv)[i];
    x.x += 1e-30f * carry;
    *reinterpret_cast<float4*>(o + (std::size_t(h) * kS + r) * D + std::size_t(chunk) * dpb + 4 * c) = x;
  }
#endif
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> dims;
  for (int i = 1; i < argc; ++i) dims.push_back(std::atoi(argv[i]));
  if (dims.empty()) dims = {2048, 8192};
  int sms = 0;
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  const struct {
    void (*kernel)(const float*, const float*, const float*, float*, float*, unsigned*, int, int);
    const char* name;
    int cluster;  // 1: none; else the partial's 16 KB more shared memory
  } rows[] = {{&resident_chain<Chain::kBulkOnly, false>, "bulk in, O out", 1},
              {&resident_chain<Chain::kBarrierOnly, false>, "+ barrier only", 1},
              {&resident_chain<Chain::kRedBarrierS, false>, "+ red, barrier, S", 1},
              {&resident_chain<Chain::kClusterRedBarrierS, false, 4>, "+ cluster (4) red, barrier, S", 4},
              {&resident_chain<Chain::kClusterRedBarrierS, false, 8>, "+ cluster (8) red, barrier, S", 8},
              {&resident_chain<Chain::kRowsTwoBarriers, false>, "+ rows, 2 barriers, P", 1},
              {&resident_chain<Chain::kBulkOnly, true>, "bulk in, O out; V after Q, K", 1},
              {&resident_chain<Chain::kRedBarrierS, true>, "+ red, barrier, S; V after Q, K", 1},
              {&resident_chain<Chain::kRowsTwoBarriers, true>, "+ rows, 2 barriers, P; V after Q, K", 1}};
  std::printf("| shape | Q+K+V+O MB | chain | cold us | GB/s |\n|---|---:|---|---:|---:|\n");
  for (const int D : dims) {
    const int dpb = D / kBlocksPerHead;
    const std::size_t operands = 3 * std::size_t(kS) * dpb * sizeof(float);
    if (D % (4 * kBlocksPerHead) != 0 || dpb * sizeof(float) < 16) {
      std::fprintf(stderr, "resident_chain: D must be a multiple of %d (got %d)\n", 4 * kBlocksPerHead, D);
      return 2;
    }
    const std::size_t n = std::size_t(kHeads) * kS * D, bytes = n * sizeof(float);
    fuselab::DeviceBuffer q(bytes), k(bytes), v(bytes), o(bytes),
        scratch((std::size_t(kHeads) * (kBlocksPerHead + 1) * kS * kS) * sizeof(float)),
        words(2 * kHeads * sizeof(unsigned));
    for (float* x : {q.get<float>(), k.get<float>(), v.get<float>()})
      fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(x, n);
    FUSELAB_LAUNCH_CHECK();
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(scratch.get<float>(), 0, scratch.bytes(), stream));
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(words.get<unsigned>(), 0, words.bytes(), stream));
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    for (const auto& row : rows) {
      const std::size_t smem = operands + (row.cluster > 1 ? kS * kS * sizeof(float) : 0);
      FUSELAB_CUDA_CHECK(
          cudaFuncSetAttribute(row.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
      int resident = 0;
      if (row.cluster > 1) {
        resident = fuselab::kernels::max_active_clusters(reinterpret_cast<const void*>(row.kernel), row.cluster,
                                                         kThreads, smem) * row.cluster;
      } else {
        FUSELAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, row.kernel, kThreads, smem));
        resident *= sms;
      }
      if (resident < kHeads * kBlocksPerHead) {
        std::printf("| 1x%dx%dx%d | %.1f | %s | not resident (%d blocks at once) | |\n", kHeads, kS, D,
                    4.0 * bytes * 1e-6, row.name, resident);
        continue;
      }
      const double us = fuselab::probes::cold_median_us(stream, [&](cudaStream_t s) {
        const dim3 grid(kBlocksPerHead, kHeads);
        float *qp = q.get<float>(), *kp = k.get<float>(), *vp = v.get<float>(), *op = o.get<float>();
        if (row.cluster > 1) {
          fuselab::kernels::launch_clustered(row.cluster, row.kernel, grid, dim3(kThreads), smem, s, qp, kp, vp, op,
                                             scratch.get<float>(), words.get<unsigned>(), D, dpb);
        } else {
          row.kernel<<<grid, kThreads, smem, s>>>(qp, kp, vp, op, scratch.get<float>(), words.get<unsigned>(), D, dpb);
          FUSELAB_LAUNCH_CHECK();
        }
      });
      std::printf("| 1x%dx%dx%d | %.1f | %s | %.2f | %.0f |\n", kHeads, kS, D, 4.0 * bytes * 1e-6, row.name, us,
                  4.0 * bytes / us * 1e-3);
    }
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
