// The input generator `fuselab-counter-v1` (docs/reference-format.md): every
// input element is a pure function of (seed, stream, element index), so the
// Python generator and C++ produce bit-identical tensors without storing them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fuselab {

inline constexpr const char* kCounterGeneratorName = "fuselab-counter-v1";

enum class CounterStream : uint64_t { Q = 0, K = 1, V = 2, X = 3 };

uint64_t counter_mix64(uint64_t z);

// Element `index` of a stream, in [-2, 2), exact in float32.
float counter_value(int64_t seed, CounterStream stream, uint64_t index);

// out[i] = counter_value(seed, stream, first + i) for i in [0, count).
void counter_fill(int64_t seed, CounterStream stream, float* out, std::size_t count,
                  uint64_t first = 0);
std::vector<float> counter_tensor(int64_t seed, CounterStream stream, std::size_t count);

// inv_freq[i] = float32(1 / pow(base, 2i / D)) in float64, i in [0, D/2).
std::vector<float> inv_freq(double base, int64_t D);

}  // namespace fuselab
