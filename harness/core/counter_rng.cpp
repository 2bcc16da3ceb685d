#include "harness/core/counter_rng.h"

#include <cmath>

#include "harness/core/parallel_for.h"

namespace fuselab {
namespace {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

uint64_t stream_key(int64_t seed, CounterStream stream) {
  const uint64_t s = static_cast<uint64_t>(stream);
  const uint64_t base = static_cast<uint64_t>(seed) * 4;
  return counter_mix64(s < 4 ? base + s : ~(base + (s - 4)));
}

// The top 24 bits, centred and scaled by 2^-22: exact in float32.
float value_from_hash(uint64_t h) {
  return static_cast<float>(static_cast<int32_t>(h >> 40) - (1 << 23)) * 0x1p-22f;
}

void fill_range(uint64_t key, float* out, uint64_t first, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    out[i] = value_from_hash(counter_mix64(key + (first + i) * kGolden));
}

}  // namespace

uint64_t counter_mix64(uint64_t z) {
  z ^= z >> 30;
  z *= 0xBF58476D1CE4E5B9ull;
  z ^= z >> 27;
  z *= 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z;
}

float counter_value(int64_t seed, CounterStream stream, uint64_t index) {
  return value_from_hash(counter_mix64(stream_key(seed, stream) + index * kGolden));
}

void counter_fill(int64_t seed, CounterStream stream, float* out, std::size_t count,
                  uint64_t first) {
  const uint64_t key = stream_key(seed, stream);
  parallel_for(count, std::size_t{1} << 21, [&](std::size_t begin, std::size_t end) {
    fill_range(key, out + begin, first + begin, end - begin);
  });
}

std::vector<float> counter_tensor(int64_t seed, CounterStream stream, std::size_t count) {
  std::vector<float> out(count);
  counter_fill(seed, stream, out.data(), count);
  return out;
}

int64_t counter_integer(int64_t seed, CounterStream stream, uint64_t index, int64_t max_value) {
  const uint64_t h = counter_mix64(stream_key(seed, stream) + index * kGolden);
  return static_cast<int64_t>(h % (static_cast<uint64_t>(max_value) + 1));
}

std::vector<int64_t> counter_integer_tensor(int64_t seed, CounterStream stream, std::size_t count,
                                            int64_t max_value) {
  std::vector<int64_t> out(count);
  for (std::size_t i = 0; i < count; ++i) out[i] = counter_integer(seed, stream, i, max_value);
  return out;
}

std::vector<float> inv_freq(double base, int64_t D) {
  std::vector<float> out(static_cast<std::size_t>(D / 2));
  for (int64_t i = 0; i < D / 2; ++i)
    out[static_cast<std::size_t>(i)] = static_cast<float>(
        1.0 / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(D)));
  return out;
}

}  // namespace fuselab
