// A tiny CUDA executable for device_code_test.cpp: two kernels whose SASS the
// test finds in the built file's fat binary. Built four times
// (harness/tests/CMakeLists.txt): as is, with only host code changed
// (FIXTURE_HOST_CHANGED), with the second kernel's body changed
// (FIXTURE_SECOND_KERNEL_CHANGED) and with compressed cubins. Never run.
#include <cstdio>

namespace fixture {

__global__ void scale_rows(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

template <typename T>
__global__ void add_bias(T* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef FIXTURE_SECOND_KERNEL_CHANGED
  if (i < n) x[i] += T(5) * x[0];
#else
  if (i < n) x[i] += T(3);
#endif
}

}  // namespace fixture

int main(int argc, char**) {
  float* x = nullptr;
  fixture::scale_rows<<<1, 32>>>(x, argc);
  fixture::add_bias<float><<<1, 32>>>(x, argc);
#ifdef FIXTURE_HOST_CHANGED
  std::printf("host code only: %d arguments\n", argc);
#endif
  return 0;
}
