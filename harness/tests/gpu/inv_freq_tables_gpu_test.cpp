// The library's inv_freq tables (harness/dispatch/inv_freq_tables.h): made
// once per (device, base, D) with counter_rng.h's values, and refused, with
// the fix, where the first request comes during a CUDA graph capture.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "harness/core/counter_rng.h"
#include "harness/dispatch/inv_freq_tables.h"
#include "harness/gpu/environment.h"

namespace fuselab {
namespace {

TEST(KernelsInvFreqTables, OneTablePerKeyHoldingTheReferenceValues) {
  const std::string why = cuda_unavailable_reason();
  if (!why.empty()) GTEST_SKIP() << "skipped: " << why;
  const float* a = inv_freq_table(10000.0, 128, nullptr, "test");
  EXPECT_EQ(inv_freq_table(10000.0, 128, nullptr, "test"), a);
  EXPECT_NE(inv_freq_table(500000.0, 128, nullptr, "test"), a);
  EXPECT_NE(inv_freq_table(10000.0, 64, nullptr, "test"), a);
  const std::vector<float> want = inv_freq(10000.0, 128);
  std::vector<float> got(want.size());
  ASSERT_EQ(cudaMemcpy(got.data(), a, got.size() * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(float)), 0);
}

TEST(KernelsInvFreqTables, AFirstRequestDuringACaptureIsRefusedAndTheCaptureSurvives) {
  const std::string why = cuda_unavailable_reason();
  if (!why.empty()) GTEST_SKIP() << "skipped: " << why;
  const float* made = inv_freq_table(10000.0, 256, nullptr, "test");
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), cudaSuccess);
  EXPECT_EQ(inv_freq_table(10000.0, 256, stream, "test"), made);  // made before: no CUDA work
  std::string message;
  try {
    inv_freq_table(12345.0, 256, stream, "attention");
  } catch (const std::runtime_error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("fuselab::attention"), std::string::npos) << message;
  EXPECT_NE(message.find("capture"), std::string::npos) << message;
  EXPECT_NE(message.find("Fix:"), std::string::npos) << message;
  cudaGraph_t graph = nullptr;
  EXPECT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  if (graph) cudaGraphDestroy(graph);
  cudaStreamDestroy(stream);
  EXPECT_NE(inv_freq_table(12345.0, 256, nullptr, "test"), nullptr);  // outside the capture it is made
}

}  // namespace
}  // namespace fuselab
