// attention v000 — the vendor baseline, three launches:
//   1. cuBLAS SGEMM (strided batched):  S = scale * Q K^T   -> workspace [B,Hq,Sq,Sk]
//   2. row softmax, one warp per row, causal mask applied here (masked -> 0)
//   3. cuBLAS SGEMM (strided batched):  O = P V
// GQA for free: the g = Hq/Hkv query heads of one kv head are contiguous, so
// they form one [g*Sq, D] operand and the GEMM batch runs over (b, kv head).
// Math mode CUBLAS_PEDANTIC_MATH: no TF32, no reduced-precision reductions.
// The cuBLAS handle is created once (function-local static) on the first
// launch, which is the harness's untimed correctness check; its workspace is
// a 32 MiB slice of ours (NVIDIA's recommendation for Hopper) so nothing is
// allocated inside a timed launch or a graph capture.
// Limits: none on shape (any D, Sq, Sk, causal, GQA, cross); S costs
// B*Hq*Sq*Sk floats of workspace.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

#include "kernels/common/check.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"

namespace fuselab::kernels::attention::v000 {

inline constexpr std::size_t kCublasWorkspaceBytes = std::size_t(32) << 20;

inline void cublas_try(cublasStatus_t st, const char* what) {
  if (st != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(what) + " failed: " + cublasGetStatusString(st));
}

inline cublasHandle_t handle() {
  static cublasHandle_t h = [] {
    cublasHandle_t created = nullptr;
    cublas_try(cublasCreate(&created), "cublasCreate");
    cublas_try(cublasSetMathMode(created, CUBLAS_PEDANTIC_MATH), "cublasSetMathMode");
    return created;
  }();
  return h;
}

inline std::size_t scores_bytes(const AttentionProblem& p) {
  return align_up(std::size_t(p.B) * p.Hq * p.Sq * p.Sk * sizeof(float), 256);
}
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return scores_bytes(p) + kCublasWorkspaceBytes;
}

constexpr int kSoftmaxWarps = 8;

// One warp per row of S: max, sum of exp, normalise; keys the causal mask
// hides get probability 0. Three passes over the row (the row is L1/L2 hot).
static __global__ void __launch_bounds__(kSoftmaxWarps * 32)
    softmax_rows_kernel(float* s, long rows, int Sq, int Sk, int q_offset, int k_offset,
                        bool causal) {
  const long row = long(blockIdx.x) * kSoftmaxWarps + (threadIdx.x >> 5);
  if (row >= rows) return;  // whole warp leaves together
  const int lane = threadIdx.x & 31;
  const int i = int(row % Sq);
  int limit = Sk;
  if (causal) limit = max(0, min(Sk, q_offset + i - k_offset + 1));
  float* r = s + row * Sk;
  float m = MaxOp::identity();
  for (int j = lane; j < limit; j += 32) m = fmaxf(m, r[j]);
  m = warp_max(m);
  float sum = 0.f;
  for (int j = lane; j < limit; j += 32) sum += expf(r[j] - m);
  sum = warp_sum(sum);
  const float inv = sum > 0.f ? 1.f / sum : 0.f;
  for (int j = lane; j < Sk; j += 32) r[j] = j < limit ? expf(r[j] - m) * inv : 0.f;
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  cublasHandle_t h = handle();
  cublas_try(cublasSetStream(h, stream), "cublasSetStream");
  char* ws = static_cast<char*>(workspace);
  float* S = reinterpret_cast<float*>(ws);
  cublas_try(cublasSetWorkspace(h, ws + scores_bytes(p), kCublasWorkspaceBytes),
             "cublasSetWorkspace");

  const int g = p.Hq / p.Hkv;
  const int batch = p.B * p.Hkv;
  const int rows_per_batch = g * p.Sq;  // the g query heads of one kv head
  const long long kv_stride = (long long)p.Sk * p.D;
  const long long q_stride = (long long)rows_per_batch * p.D;
  const long long s_stride = (long long)rows_per_batch * p.Sk;
  const float alpha = p.scale, one = 1.f, zero = 0.f;

  // Column-major view: S^T [Sk, gSq] = (K^T)^T [Sk, D] * Q^T [D, gSq].
  cublas_try(cublasSgemmStridedBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, p.Sk, rows_per_batch, p.D,
                                       &alpha, p.k, p.D, kv_stride, p.q, p.D, q_stride, &zero, S,
                                       p.Sk, s_stride, batch),
             "cublasSgemmStridedBatched(QK^T)");

  const long rows = long(p.B) * p.Hq * p.Sq;
  const unsigned blocks = unsigned((rows + kSoftmaxWarps - 1) / kSoftmaxWarps);
  softmax_rows_kernel<<<blocks, kSoftmaxWarps * 32, 0, stream>>>(S, rows, p.Sq, p.Sk, p.q_offset,
                                                                 p.k_offset, p.causal);
  FUSELAB_CUDA_CHECK(cudaGetLastError());

  // Column-major view: O^T [D, gSq] = V^T [D, Sk] * P^T [Sk, gSq].
  cublas_try(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, p.D, rows_per_batch, p.Sk,
                                       &one, p.v, p.D, kv_stride, S, p.Sk, s_stride, &zero, p.out,
                                       p.D, q_stride, batch),
             "cublasSgemmStridedBatched(PV)");
}

}  // namespace fuselab::kernels::attention::v000
