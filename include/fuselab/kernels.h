// fuselab_kernels: the study's kernels behind one call per op (docs/dispatch.md).
// Each call is checked (one fuselab::InvalidArgument naming what is wrong and
// the fix, before any CUDA call), matched to the fastest passing version of
// its shape class in the dispatch table that `fuselab export --dispatch`
// generates from the run records (reports/dispatch.json; the environment
// variable FUSELAB_DISPATCH_TABLE names another), and launched on `stream`.
// A call no table entry accepts runs on its family's general fallback; a call
// not even that accepts is refused with the reason. Tensors are float32,
// row-major and contiguous, on the current device; nothing is copied.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace fuselab {

// Bad input through the API, or a call no version accepts: one message.
struct InvalidArgument : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

enum class PositionalEncoding { None, Sinusoidal, RopeNeox, RopeInterleaved };

// out [B, Hq, Sq, D] = softmax(scale · PE(q) · PE(k)ᵀ [+ causal mask]) · v, with
// q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D] (GQA/MQA: Hq a multiple of Hkv).
// Query row i sits at position q_offset + i, key row j at k_offset + j
// (causal: key visible when its position <= the query's).
// Per-token positions (RoPE or sinusoidal): q_positions [B, Sq] and
// k_positions [B, Sk], int64 on the device, each in [0, max_position], place
// the embedding instead of the offsets; the causal mask stays by row
// (q_offset + i against k_offset + j). The library then embeds q and k once
// into stream-ordered scratch (2 copies of q and k) and runs a PE-none version.
struct AttentionArgs {
  const float* q = nullptr;
  const float* k = nullptr;
  const float* v = nullptr;
  float* out = nullptr;
  int64_t B = 0, Hq = 0, Hkv = 0, Sq = 0, Sk = 0, D = 0;
  int64_t q_offset = 0, k_offset = 0;
  bool causal = false;
  double scale = 0.0;  // 0: 1/sqrt(D)
  PositionalEncoding pe = PositionalEncoding::None;
  double base = 10000.0;  // the PE's frequency base
  const int64_t* q_positions = nullptr;  // both or neither
  const int64_t* k_positions = nullptr;
  int64_t max_position = 0;  // the largest value in q_positions and k_positions
  cudaStream_t stream = nullptr;
};

// out [N, S, D] = x [N, S, D] rotated at position offset + s (RopeNeox or RopeInterleaved).
struct RopeArgs {
  const float* x = nullptr;
  float* out = nullptr;
  int64_t N = 0, S = 0, D = 0;
  int64_t offset = 0;
  PositionalEncoding pe = PositionalEncoding::RopeNeox;
  double base = 10000.0;
  cudaStream_t stream = nullptr;
};

// out [T, Hq + Hkv, D]: q [T, Hq, D] and k [T, Hkv, D], each head row
// RMS-normalised (weights wq, wk [D], eps), then rotated at its token's
// position (positions [T], int64 on the device, each in [0, max_position]).
struct QkNormRopeArgs {
  const float* q = nullptr;
  const float* k = nullptr;
  const float* wq = nullptr;
  const float* wk = nullptr;
  const int64_t* positions = nullptr;
  float* out = nullptr;
  int64_t T = 0, Hq = 0, Hkv = 0, D = 0;
  int64_t max_position = 0;  // the largest value in positions
  double eps = 1e-6;
  PositionalEncoding pe = PositionalEncoding::RopeNeox;
  double base = 10000.0;
  cudaStream_t stream = nullptr;
};

// Decode: the last Sq tokens of each sequence (Sq = 1: one token; up to 16:
// a speculative draft) over a key cache already rotated when it was written.
// out [B, Hq, Sq, D] = softmax(scale · PE(q) · kᵀ) · v with q [B, Hq, Sq, D]
// rotated here at positions Skv - Sq + i, k and v [B, Hkv, Skv, D]; query i
// sees keys 0 .. Skv - Sq + i. pe None, RopeNeox or RopeInterleaved (q only).
struct DecodeArgs {
  const float* q = nullptr;
  const float* k = nullptr;  // the rotated key cache
  const float* v = nullptr;
  float* out = nullptr;
  int64_t B = 0, Hq = 0, Hkv = 0, Sq = 0, Skv = 0, D = 0;
  double scale = 0.0;  // 0: 1/sqrt(D)
  PositionalEncoding pe = PositionalEncoding::None;
  double base = 10000.0;
  cudaStream_t stream = nullptr;
};

// Which version a call runs and why ("entry rope/<case> (distance 1.00)", "fallback of rope").
struct Dispatch {
  std::string version;
  std::string why;
};

// Checks, chooses and launches (asynchronously on args.stream). Throws
// InvalidArgument on bad input or a call no version accepts, std::runtime_error
// on a CUDA error or an unreadable dispatch table.
Dispatch attention(const AttentionArgs& args);
Dispatch rope(const RopeArgs& args);
Dispatch qk_norm_rope(const QkNormRopeArgs& args);
Dispatch decode(const DecodeArgs& args);

// The same checks and choice, without launching anything (no CUDA call).
Dispatch plan_attention(const AttentionArgs& args);
Dispatch plan_rope(const RopeArgs& args);
Dispatch plan_qk_norm_rope(const QkNormRopeArgs& args);
Dispatch plan_decode(const DecodeArgs& args);

}  // namespace fuselab
