// The input generator `fuselab-counter-v1` (docs/reference-format.md): every
// input element is a pure function of (seed, stream, element index), so the
// Python generator and C++ produce bit-identical tensors without storing them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fuselab {

inline constexpr const char* kCounterGeneratorName = "fuselab-counter-v1";

// Streams 0-3 key as mix64(seed * 4 + stream); the later ones as
// mix64(~(seed * 4 + stream - 4)), so that no seed's stream 4 repeats
// another seed's stream 0 (docs/reference-format.md).
enum class CounterStream : uint64_t { Q = 0, K = 1, V = 2, X = 3, Wq = 4, Wk = 5, Positions = 6 };

uint64_t counter_mix64(uint64_t z);

// Element `index` of a stream, in [-2, 2), exact in float32.
float counter_value(int64_t seed, CounterStream stream, uint64_t index);

// out[i] = counter_value(seed, stream, first + i) for i in [0, count).
void counter_fill(int64_t seed, CounterStream stream, float* out, std::size_t count,
                  uint64_t first = 0);
std::vector<float> counter_tensor(int64_t seed, CounterStream stream, std::size_t count);

// Integer inputs: element i = int64(h(i) mod (max_value + 1)), in [0, max_value].
int64_t counter_integer(int64_t seed, CounterStream stream, uint64_t index, int64_t max_value);
std::vector<int64_t> counter_integer_tensor(int64_t seed, CounterStream stream, std::size_t count,
                                            int64_t max_value);

// inv_freq[i] = float32(1 / pow(base, 2i / D)) in float64, i in [0, D/2).
std::vector<float> inv_freq(double base, int64_t D);

}  // namespace fuselab
