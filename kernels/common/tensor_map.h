// Host side of TMA (kernels/common/tma.cuh): the tensor map of a row-major
// float tensor [heads, rows, D] whose box is `box_rows` rows x `box_dims`
// dims of one head, landing in shared memory with the swizzle that wgmma's
// K-major layouts read (box_dims * 4 bytes = 128: 128-byte swizzle; 64:
// 64-byte). Out-of-range rows and dims land as zeros.
// The driver's encoder is reached through the runtime (no link to libcuda).
#pragma once

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace fuselab::kernels {

inline PFN_cuTensorMapEncodeTiled_v12000 tensor_map_encoder() {
  static const PFN_cuTensorMapEncodeTiled_v12000 encode = [] {
    void* fn = nullptr;
    cudaDriverEntryPointQueryResult found{};
    const cudaError_t status =
        cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &found);
    if (status != cudaSuccess || found != cudaDriverEntryPointSuccess || fn == nullptr)
      throw std::runtime_error(
          "cuTensorMapEncodeTiled is not available from the CUDA driver. Fix: run on a driver for CUDA 12 "
          "or later (a TMA version needs an sm_90 GPU)");
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(fn);
  }();
  return encode;
}

inline CUtensorMap head_tile_map(const float* base, int heads, int rows, int D, int box_rows, int box_dims) {
  if (D % 4 != 0 || reinterpret_cast<std::uintptr_t>(base) % 16 != 0)
    throw std::runtime_error("a TMA tensor needs 16-byte aligned rows: D % 4 == 0 and an aligned base (got D = " +
                             std::to_string(D) + ")");
  const int row_bytes = box_dims * 4;
  if (row_bytes != 128 && row_bytes != 64) throw std::runtime_error("head_tile_map: box rows of 64 or 128 bytes");
  const CUtensorMapSwizzle swizzle = row_bytes == 128 ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_64B;
  const cuuint64_t dims[3] = {cuuint64_t(D), cuuint64_t(rows), cuuint64_t(heads)};
  const cuuint64_t strides[2] = {cuuint64_t(D) * 4, cuuint64_t(rows) * D * 4};
  const cuuint32_t box[3] = {cuuint32_t(box_dims), cuuint32_t(box_rows), 1};
  const cuuint32_t element_strides[3] = {1, 1, 1};
  CUtensorMap map{};
  const CUresult status = tensor_map_encoder()(
      &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, const_cast<float*>(base), dims, strides, box, element_strides,
      CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (status != CUDA_SUCCESS)
    throw std::runtime_error("cuTensorMapEncodeTiled failed (CUresult " + std::to_string(int(status)) + ") for [" +
                             std::to_string(heads) + ", " + std::to_string(rows) + ", " + std::to_string(D) + "]");
  return map;
}

}  // namespace fuselab::kernels
