// Probe: what the head-tile kernels at 1x4x64x128 (attention v041-v045 and
// their PE versions: 32 blocks of 512 threads per head, 2 query rows each,
// the head's whole K and V in every block) pay before any math, timed as
// every experiment is (the harness's ColdTimer and sampling rule):
//   empty, 1 block          the timer's floor;
//   empty, the grid         128 blocks of 512 threads, no shared memory;
//   empty, grid + 64 KB     the same with the kernels' 64 KB of dynamic
//                           shared memory reserved;
//   empty, clusters of C    the same launched as clusters of C = 2, 4, 8;
//   reads by cp.async       each block copies its head's K and V (64 KB) by
//                           cp.async, as v045 does, and its 2 Q rows, and
//                           writes 2 O rows from them: the head tile's data
//                           movement without its math (8 MB out of L2, 64 KB
//                           into each SM);
//   ... 4 rows, 64 blocks   the same with 4 rows per block and 1024 threads
//                           (4 MB out of L2, 64 KB into each SM);
//   ... 8 rows, 32 blocks   the same with 8 rows per block and 256 threads
//                           (attention v074's shape: 2 MB out of L2, 64 KB
//                           into each of 32 SMs);
//   ... half the keys       2 rows per block, only keys 0..31 of K and V
//                           (4 MB out of L2, 32 KB into each SM); O's row r
//                           reads key r % 32;
//   reads by bulk copy, C   the same bytes by one bulk copy (C = 1) or
//                           multicast over clusters of C blocks, each rank
//                           copying 1/C of K and V into every rank;
//   ... by rows, C          the same bytes by one bulk copy per 512-byte
//                           row of K and of V, issued by 64 threads (C = 1),
//                           or multicast over clusters of C = 2, each rank
//                           issuing its half of the rows;
//   pairs through DSMEM     clusters of 2: each rank copies half of K and V
//                           by cp.async, then copies the other rank's half
//                           out of its shared memory (4 MB out of L2, 64 KB
//                           into each SM, 32 KB of it over the SM network).
// Each reading kernel's O is checked once (poisoned first) before it is
// timed; a wrong O stops the probe.
//   fuselab_probe_head_tile_reads
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/tma.cuh"

namespace {

namespace cg = cooperative_groups;
namespace fk = fuselab::kernels;

constexpr int kHeads = 4, kSeq = 64, kD = 128, kRows = 2, kThreads = 512;
constexpr unsigned kKvBytes = 2u * kSeq * kD * sizeof(float);  // K and V of a head: 64 KB
const dim3 kGrid(kSeq / kRows, kHeads);

__global__ void empty_kernel() {}
__global__ void empty_smem_kernel() {}
__global__ void empty_cluster_kernel() {}

// O's rows of this block (rows per block: kRowsPB) = Q + K + V, K and V of
// key row % kKeysCopied read back from shared memory.
template <int kRowsPB = kRows, int kKeysCopied = kSeq>
__device__ __forceinline__ void write_rows(const float* q, const float* ks, const float* vs, float* o) {
  const int t = threadIdx.x, row0 = blockIdx.x * kRowsPB, bh = blockIdx.y;
  if (t >= kRowsPB * kD / 4) return;
  const int r = t / (kD / 4), c = 4 * (t % (kD / 4)), key = (row0 + r) % kKeysCopied;
  const std::size_t at = (std::size_t(bh) * kSeq + row0 + r) * kD + c;
  const float4 x = *reinterpret_cast<const float4*>(q + at);
  const float4 y = *reinterpret_cast<const float4*>(ks + key * kD + c);
  const float4 z = *reinterpret_cast<const float4*>(vs + key * kD + c);
  *reinterpret_cast<float4*>(o + at) = make_float4(x.x + y.x + z.x, x.y + y.y + z.y, x.z + y.z + z.z, x.w + y.w + z.w);
}

// Blocks of kRowsPB rows (kBlockThreads threads: 256 per 2 rows unless given)
// copy keys 0..kKeysCopied-1 of their head's K and V by cp.async.
template <int kRowsPB, int kKeysCopied, int kBlockThreads = kThreads / kRows * kRowsPB>
__global__ void __launch_bounds__(kBlockThreads) reads_cp_async(const float* q, const float* k,
                                                                             const float* v, float* o) {
  extern __shared__ __align__(16) float smem[];
  const std::size_t head = std::size_t(blockIdx.y) * kSeq * kD;
  for (int i = threadIdx.x; i < kKeysCopied * kD / 4; i += blockDim.x) {
    fk::cp_async16(smem + 4 * i, k + head + 4 * i, true);
    fk::cp_async16(smem + kSeq * kD + 4 * i, v + head + 4 * i, true);
  }
  fk::cp_async_commit();
  fk::cp_async_wait<0>();
  __syncthreads();
  write_rows<kRowsPB, kKeysCopied>(q, smem, smem + kSeq * kD, o);
}

// K and V by bulk copies into every block (multicast over clusters of
// kCluster: each rank copies 1/kCluster of them into every rank): one copy of
// each from thread 0, or (kByRows) one per 512-byte row, issued by
// kSeq / kCluster threads.
template <int kCluster, bool kByRows = false>
__global__ void __launch_bounds__(kThreads) reads_bulk(const float* q, const float* k, const float* v, float* o) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(16) float smem[];
  __shared__ __align__(8) std::uint64_t bar;
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = kCluster > 1 ? int(cluster.block_rank()) : 0;
  if (threadIdx.x == 0) {
    fk::mbarrier_init(&bar, 1);
    fk::fence_mbarrier_init();
    fk::mbarrier_expect_tx(&bar, kKvBytes);  // before any copy is issued: the phase waits for every byte
  }
  if constexpr (kCluster > 1) cluster.sync();  // every rank's barrier exists before any copy lands
  else __syncthreads();
  constexpr int kIssuers = kByRows ? kSeq / kCluster : 1;
  constexpr int kPiece = kByRows ? kD : kSeq * kD / kCluster;  // floats of K (and of V) per copy
  if (threadIdx.x < kIssuers) {
    const int at = (rank * kIssuers + int(threadIdx.x)) * kPiece;
    const std::size_t head = std::size_t(blockIdx.y) * kSeq * kD;
    if constexpr (kCluster > 1) {
      constexpr auto kAll = std::uint16_t((1u << kCluster) - 1);
      fk::bulk_load_multicast(smem + at, k + head + at, kPiece * 4u, &bar, kAll);
      fk::bulk_load_multicast(smem + kSeq * kD + at, v + head + at, kPiece * 4u, &bar, kAll);
    } else {
      fk::bulk_load(smem + at, k + head + at, kPiece * 4u, &bar);
      fk::bulk_load(smem + kSeq * kD + at, v + head + at, kPiece * 4u, &bar);
    }
  }
  fk::mbarrier_wait(&bar, 0);
  if constexpr (kCluster > 1) cluster.barrier_arrive();  // this rank's copies have landed everywhere it waits on
  write_rows(q, smem, smem + kSeq * kD, o);
  if constexpr (kCluster > 1) cluster.barrier_wait();  // no rank leaves while another's copies may target it
#endif
}

// Pairs of blocks of a head: each copies its half of K and V by cp.async,
// then the other rank's half out of that rank's shared memory.
__global__ void __launch_bounds__(kThreads) reads_pair_dsmem(const float* q, const float* k, const float* v, float* o) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(16) float smem[];
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = int(cluster.block_rank());
  constexpr int kHalf = kSeq * kD / 2;  // floats of K (and of V) per rank
  const std::size_t head = std::size_t(blockIdx.y) * kSeq * kD;
  for (int i = threadIdx.x; i < kHalf / 4; i += blockDim.x) {
    const int at = rank * kHalf + 4 * i;
    fk::cp_async16(smem + at, k + head + at, true);
    fk::cp_async16(smem + kSeq * kD + at, v + head + at, true);
  }
  fk::cp_async_commit();
  fk::cp_async_wait<0>();
  cluster.sync();  // both halves have landed, each in its own rank
  const float* other = cluster.map_shared_rank(smem, rank ^ 1);
  for (int i = threadIdx.x; i < kHalf / 4; i += blockDim.x) {
    const int at = (rank ^ 1) * kHalf + 4 * i;
    reinterpret_cast<float4*>(smem + at)[0] = reinterpret_cast<const float4*>(other + at)[0];
    reinterpret_cast<float4*>(smem + kSeq * kD + at)[0] = reinterpret_cast<const float4*>(other + kSeq * kD + at)[0];
  }
  cluster.sync();  // every copy of the other's half is done (it may leave) and this block's is visible
  write_rows(q, smem, smem + kSeq * kD, o);
#endif
}

}  // namespace

int main() {
  const std::size_t n = std::size_t(kHeads) * kSeq * kD, bytes = n * sizeof(float);
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  fuselab::DeviceBuffer q(bytes), k(bytes), v(bytes), o(bytes);
  for (float* x : {q.get<float>(), k.get<float>(), v.get<float>()}) fuselab::probes::fill<<<64, 512, 0, stream>>>(x, n);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
  const float *qp = q.get<float>(), *kp = k.get<float>(), *vp = v.get<float>();
  float* op = o.get<float>();
  fk::set_max_dynamic_smem(&empty_smem_kernel, int(kKvBytes));
  fk::set_max_dynamic_smem(&empty_cluster_kernel, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_cp_async<kRows, kSeq>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_cp_async<2 * kRows, kSeq>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_cp_async<kRows, kSeq / 2>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_cp_async<4 * kRows, kSeq, 256>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_bulk<1>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_bulk<2>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_bulk<4>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_bulk<8>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_bulk<1, true>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_bulk<2, true>, int(kKvBytes));
  fk::set_max_dynamic_smem(&reads_pair_dsmem, int(kKvBytes));

  std::printf("1x%dx%dx%d, grid %ux%u of %d threads\n\n| launch | cold us |\n|---|---:|\n", kHeads, kSeq, kD, kGrid.x,
              kGrid.y, kThreads);
  // O rows = Q + K + V rows, key row % keys (the fill's values are small integers: exact).
  std::vector<float> hq(n), hk(n), hv(n), ho(n);
  FUSELAB_CUDA_CHECK(cudaMemcpy(hq.data(), qp, bytes, cudaMemcpyDeviceToHost));
  FUSELAB_CUDA_CHECK(cudaMemcpy(hk.data(), kp, bytes, cudaMemcpyDeviceToHost));
  FUSELAB_CUDA_CHECK(cudaMemcpy(hv.data(), vp, bytes, cudaMemcpyDeviceToHost));
  const auto check = [&](const char* name, int keys, const fuselab::LaunchFn& launch) {
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(op, 0xff, bytes, stream));
    launch(stream);
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    FUSELAB_CUDA_CHECK(cudaMemcpy(ho.data(), op, bytes, cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t row = i / kD % kSeq, kv = i - (row - row % keys) * kD;
      const float want = hq[i] + hk[kv] + hv[kv];
      if (!(ho[i] == want)) {
        std::fprintf(stderr, "head_tile_reads: %s wrote O[%zu] = %g, expected %g; its timing would mean nothing\n", name,
                     i, ho[i], want);
        std::exit(1);
      }
    }
  };
  const auto row = [&](const char* name, const fuselab::LaunchFn& launch, int keys = kSeq) {
    if (std::string(name).rfind("reads", 0) == 0) check(name, keys, launch);
    std::printf("| %s | %.2f |\n", name, fuselab::probes::cold_median_us(stream, launch));
    std::fflush(stdout);
  };
  row("empty, 1 block", [](cudaStream_t s) {
    empty_kernel<<<1, 32, 0, s>>>();
    FUSELAB_LAUNCH_CHECK();
  });
  row("empty, the grid", [](cudaStream_t s) {
    empty_kernel<<<kGrid, kThreads, 0, s>>>();
    FUSELAB_LAUNCH_CHECK();
  });
  row("empty, grid + 64 KB shared", [](cudaStream_t s) {
    empty_smem_kernel<<<kGrid, kThreads, kKvBytes, s>>>();
    FUSELAB_LAUNCH_CHECK();
  });
  for (const int c : {2, 4, 8}) {
    const std::string name = "empty, grid + 64 KB, clusters of " + std::to_string(c);
    row(name.c_str(), [c](cudaStream_t s) {
      fk::launch_clustered(c, &empty_cluster_kernel, kGrid, dim3(kThreads), kKvBytes, s);
    });
  }
  row("reads by cp.async", [&](cudaStream_t s) {
    reads_cp_async<kRows, kSeq><<<kGrid, kThreads, kKvBytes, s>>>(qp, kp, vp, op);
    FUSELAB_LAUNCH_CHECK();
  });
  row("reads by cp.async, 4 rows, 64 blocks", [&](cudaStream_t s) {
    reads_cp_async<2 * kRows, kSeq><<<dim3(kGrid.x / 2, kGrid.y), 2 * kThreads, kKvBytes, s>>>(qp, kp, vp, op);
    FUSELAB_LAUNCH_CHECK();
  });
  row("reads by cp.async, 8 rows, 32 blocks", [&](cudaStream_t s) {
    reads_cp_async<4 * kRows, kSeq, 256><<<dim3(kGrid.x / 4, kGrid.y), 256, kKvBytes, s>>>(qp, kp, vp, op);
    FUSELAB_LAUNCH_CHECK();
  });
  row(
      "reads by cp.async, half the keys",
      [&](cudaStream_t s) {
        reads_cp_async<kRows, kSeq / 2><<<kGrid, kThreads, kKvBytes, s>>>(qp, kp, vp, op);
        FUSELAB_LAUNCH_CHECK();
      },
      kSeq / 2);
  row("reads by bulk copy, C = 1", [&](cudaStream_t s) {
    reads_bulk<1><<<kGrid, kThreads, kKvBytes, s>>>(qp, kp, vp, op);
    FUSELAB_LAUNCH_CHECK();
  });
  row("reads by bulk multicast, C = 2",
      [&](cudaStream_t s) { fk::launch_clustered(2, &reads_bulk<2>, kGrid, dim3(kThreads), kKvBytes, s, qp, kp, vp, op); });
  row("reads by bulk multicast, C = 4",
      [&](cudaStream_t s) { fk::launch_clustered(4, &reads_bulk<4>, kGrid, dim3(kThreads), kKvBytes, s, qp, kp, vp, op); });
  row("reads by bulk multicast, C = 8",
      [&](cudaStream_t s) { fk::launch_clustered(8, &reads_bulk<8>, kGrid, dim3(kThreads), kKvBytes, s, qp, kp, vp, op); });
  row("reads by bulk copy by rows, C = 1", [&](cudaStream_t s) {
    reads_bulk<1, true><<<kGrid, kThreads, kKvBytes, s>>>(qp, kp, vp, op);
    FUSELAB_LAUNCH_CHECK();
  });
  row("reads by bulk multicast by rows, C = 2", [&](cudaStream_t s) {
    fk::launch_clustered(2, &reads_bulk<2, true>, kGrid, dim3(kThreads), kKvBytes, s, qp, kp, vp, op);
  });
  row("reads by cp.async, pairs through DSMEM", [&](cudaStream_t s) {
    fk::launch_clustered(2, &reads_pair_dsmem, kGrid, dim3(kThreads), kKvBytes, s, qp, kp, vp, op);
  });
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
