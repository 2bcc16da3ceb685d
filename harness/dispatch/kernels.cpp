// The library behind include/fuselab/kernels.h (docs/dispatch.md): each call
// is checked, turned into a CaseSpec through its op's declaration, matched to
// a version through the dispatch table (harness/dispatch/dispatch_table.h) and
// launched through the launch its op binds (launch_binding_of), on the
// caller's stream, with the version's workspace allocated stream-ordered
// (cudaMallocAsync) and freed after the launch (cudaFreeAsync), and the
// inv_freq table made once per (device, base, D) (inv_freq_tables.h).
#include "fuselab/kernels.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>

#include "harness/core/case_tensors.h"
#include "harness/dispatch/call_status.h"
#include "harness/dispatch/dispatch_table.h"
#include "harness/dispatch/embed_at_positions.h"
#include "harness/dispatch/inv_freq_tables.h"
#include "harness/core/op_registry.h"
#include "harness/core/registry.h"

namespace fuselab {
namespace {

struct Call {
  CaseSpec spec;
  std::map<std::string, const void*> inputs;  // every input but inv_freq
  float* out = nullptr;
  cudaStream_t stream = nullptr;
};

PeKind pe_of(PositionalEncoding pe) {
  switch (pe) {
    case PositionalEncoding::None: return PeKind::None;
    case PositionalEncoding::Sinusoidal: return PeKind::Sinusoidal;
    case PositionalEncoding::RopeNeox: return PeKind::RopeNeox;
    case PositionalEncoding::RopeInterleaved: return PeKind::RopeInterleaved;
  }
  throw InvalidArgument("fuselab: pe " + std::to_string(int(pe)) +
                        " is not a PositionalEncoding. Fix: pass None, Sinusoidal, RopeNeox or RopeInterleaved");
}

// Each pointer given, none of the inputs the output.
void require_pointers(const std::string& op, const std::map<std::string, const void*>& inputs, const float* out) {
  for (const auto& [name, p] : inputs)
    if (!p) throw InvalidArgument("fuselab::" + op + ": " + name + " is null. Fix: pass a device pointer to " + name);
  if (!out) throw InvalidArgument("fuselab::" + op + ": out is null. Fix: pass a device pointer to the output");
  for (const auto& [name, p] : inputs)
    if (p == out)
      throw InvalidArgument("fuselab::" + op + ": out is " + name +
                            " (the versions do not compute in place). Fix: pass another buffer for out");
}

void require_int(const std::string& op, const std::map<std::string, int64_t>& dims) {
  for (const auto& [key, value] : dims)
    if (value > INT32_MAX)
      throw InvalidArgument("fuselab::" + op + ": " + key + " = " + std::to_string(value) +
                            " exceeds what the versions index (2^31 - 1). Fix: split the call");
}

CaseSpec spec_of(const std::string& op, PositionalEncoding pe, const std::map<std::string, int64_t>& dims,
                 const std::map<std::string, double>& values, double base, std::optional<double> scale) {
  require_int(op, dims);
  try {
    return call_spec(op, pe_of(pe), dims, values, base, scale);
  } catch (const DispatchError& e) {
    throw InvalidArgument(e.what());
  }
}

const Limits* limits_of(const std::string& id) {
  const Experiment* e = Registry::global().find(id);
  return e && e->backend_value == Backend::Cuda && !e->canary_value ? &e->limits_value : nullptr;
}

const DispatchTable& table() {
  static std::once_flag once;
  static DispatchTable loaded;
  std::call_once(once, [] {
    const char* env = std::getenv("FUSELAB_DISPATCH_TABLE");
    const std::string path = env && *env ? env : FUSELAB_DISPATCH_TABLE_DEFAULT;
    std::ifstream in(path, std::ios::binary);
    if (!in)
      throw std::runtime_error("fuselab: cannot read the dispatch table " + path +
                               ". Fix: generate it with `fuselab export --dispatch " + path +
                               "`, or set FUSELAB_DISPATCH_TABLE to its path (docs/dispatch.md)");
    std::ostringstream text;
    text << in.rdbuf();
    try {
      loaded = parse_dispatch_table(text.str(), path);
    } catch (const DispatchError& e) {
      throw std::runtime_error(e.what());  // a bad file, not a bad call
    }
  });
  return loaded;
}

Dispatch plan(const CaseSpec& spec) {
  try {
    const DispatchChoice c = choose_version(table(), spec, limits_of);
    return {c.version, c.why};
  } catch (const DispatchError& e) {
    throw InvalidArgument(e.what());
  }
}

// Stream-ordered device memory, freed on the stream when it goes out of scope.
struct StreamBuffer {
  void* p = nullptr;
  cudaStream_t stream = nullptr;
  ~StreamBuffer() {
    if (p) cudaFreeAsync(p, stream);
  }
};

Dispatch launch(const Call& call) {
  const Dispatch d = plan(call.spec);
  const std::string& op = call.spec.op;
  const Experiment* e = Registry::global().find(d.version);
  const LaunchBinding binding = e ? launch_binding_of(*e) : LaunchBinding{};
  if (!binding.bind)
    throw std::runtime_error("fuselab::" + op + ": version " + d.version +
                             " has no launch this build can bind. Fix: regenerate the table against this build");
  StreamBuffer workspace{nullptr, call.stream};
  CaseTensors tensors;
  tensors.spec = &call.spec;
  tensors.inputs = call.inputs;
  tensors.inputs["inv_freq"] = inv_freq_table(call.spec.base, call.spec.D, call.stream, op);
  tensors.out = call.out;
  const std::size_t bytes = binding.workspace ? binding.workspace(tensors) : 0;
  if (bytes) require_cuda_ok(cudaMallocAsync(&workspace.p, bytes, call.stream), op, "cudaMallocAsync(workspace)");
  binding.bind(tensors)(workspace.p, call.stream);
  require_cuda_ok(cudaGetLastError(), op, "the launch of " + d.version);
  return d;
}

bool per_token(const AttentionArgs& a) { return a.q_positions || a.k_positions; }

// Per-token positions: both arrays, a PE to place, positions float32 holds.
void check_positions(const AttentionArgs& a) {
  const auto refuse = [](const std::string& what, const std::string& fix) {
    throw InvalidArgument("fuselab::attention: " + what + ". Fix: " + fix);
  };
  if (!a.q_positions || !a.k_positions)
    refuse(std::string(a.q_positions ? "k_positions" : "q_positions") + " is null while the other positions are given",
           "pass both q_positions [B, Sq] and k_positions [B, Sk], or neither (offsets)");
  if (a.pe == PositionalEncoding::None)
    refuse("positions are given with pe None (they place the embedding only)", "set pe, or pass no positions");
  if (a.max_position < 0 || a.max_position >= (int64_t(1) << 24))
    refuse("max_position = " + std::to_string(a.max_position) + " is outside [0, 2^24) (float32 holds positions exactly below 2^24)",
           "pass the largest position, below 16777216");
}

Call attention_call(const AttentionArgs& a) {
  Call c;
  c.inputs = {{"q", a.q}, {"k", a.k}, {"v", a.v}};
  require_pointers("attention", c.inputs, a.out);
  if (per_token(a)) check_positions(a);
  // With per-token positions the version runs on the embedded rows: PE none.
  c.spec = spec_of("attention", per_token(a) ? PositionalEncoding::None : a.pe,
                   {{"B", a.B}, {"Hq", a.Hq}, {"Hkv", a.Hkv}, {"Sq", a.Sq}, {"Sk", a.Sk}, {"D", a.D}},
                   {{"q_offset", double(a.q_offset)}, {"k_offset", double(a.k_offset)}, {"causal", a.causal ? 1.0 : 0.0}},
                   a.base, a.scale == 0.0 ? std::nullopt : std::optional<double>(a.scale));
  c.out = a.out;
  c.stream = a.stream;
  return c;
}

Call rope_call(const RopeArgs& a) {
  Call c;
  c.inputs = {{"x", a.x}};
  require_pointers("rope", c.inputs, a.out);
  c.spec = spec_of("rope", a.pe, {{"N", a.N}, {"S", a.S}, {"D", a.D}}, {{"offset", double(a.offset)}}, a.base,
                   std::nullopt);
  c.out = a.out;
  c.stream = a.stream;
  return c;
}

Call qk_norm_rope_call(const QkNormRopeArgs& a) {
  Call c;
  c.inputs = {{"q", a.q}, {"k", a.k}, {"wq", a.wq}, {"wk", a.wk}, {"positions", a.positions}};
  require_pointers("qk_norm_rope", c.inputs, a.out);
  c.spec = spec_of("qk_norm_rope", a.pe, {{"T", a.T}, {"Hq", a.Hq}, {"Hkv", a.Hkv}, {"D", a.D}},
                   {{"eps", a.eps}, {"max_position", double(a.max_position)}}, a.base, std::nullopt);
  c.out = a.out;
  c.stream = a.stream;
  return c;
}

Call decode_call(const DecodeArgs& a) {
  Call c;
  c.inputs = {{"q", a.q}, {"k", a.k}, {"v", a.v}};
  require_pointers("decode", c.inputs, a.out);
  c.spec = spec_of("decode", a.pe, {{"B", a.B}, {"Hq", a.Hq}, {"Hkv", a.Hkv}, {"Sq", a.Sq}, {"Skv", a.Skv}, {"D", a.D}},
                   {}, a.base, a.scale == 0.0 ? std::nullopt : std::optional<double>(a.scale));
  c.out = a.out;
  c.stream = a.stream;
  return c;
}

// An attention call that is a decode step: PE none (the caller rotated q and
// k, or there is no PE), at most 16 queries that are the last tokens of the
// keys, each seeing every key up to its own (causal, or one query that sees
// all). Op decode computes exactly that, with versions made for it.
std::optional<DecodeArgs> as_decode(const AttentionArgs& a) {
  const int64_t kMaxDraft = 16;
  if (a.pe != PositionalEncoding::None || per_token(a) || a.k_offset != 0 || a.Sq < 1 || a.Sq > kMaxDraft ||
      a.Sq > a.Sk)
    return std::nullopt;
  const bool tail = a.q_offset == a.Sk - a.Sq;
  const bool sees_all = a.Sq == 1 && (!a.causal || a.q_offset >= a.Sk - 1);
  if (!(sees_all || (a.causal && tail))) return std::nullopt;
  DecodeArgs d;
  d.q = a.q, d.k = a.k, d.v = a.v, d.out = a.out;
  d.B = a.B, d.Hq = a.Hq, d.Hkv = a.Hkv, d.Sq = a.Sq, d.Skv = a.Sk, d.D = a.D;
  d.scale = a.scale, d.pe = PositionalEncoding::None, d.base = a.base, d.stream = a.stream;
  return d;
}

Dispatch as_decode_said(Dispatch d) {
  d.why = "as decode: " + d.why;
  return d;
}

}  // namespace

Dispatch plan_attention(const AttentionArgs& args) {
  const Call call = attention_call(args);  // the attention op's checks first
  if (const auto d = as_decode(args)) return as_decode_said(plan(decode_call(*d).spec));
  return plan(call.spec);
}
Dispatch plan_rope(const RopeArgs& args) { return plan(rope_call(args).spec); }
Dispatch plan_qk_norm_rope(const QkNormRopeArgs& args) { return plan(qk_norm_rope_call(args).spec); }
Dispatch plan_decode(const DecodeArgs& args) { return plan(decode_call(args).spec); }

Dispatch attention(const AttentionArgs& args) {
  Call call = attention_call(args);
  if (const auto d = as_decode(args)) return as_decode_said(launch(decode_call(*d)));
  if (!per_token(args)) return launch(call);
  const std::string op = "attention";
  const std::size_t q_bytes = std::size_t(args.B * args.Hq * args.Sq * args.D) * sizeof(float);
  const std::size_t k_bytes = std::size_t(args.B * args.Hkv * args.Sk * args.D) * sizeof(float);
  const float* inv = inv_freq_table(args.base, args.D, args.stream, op);
  StreamBuffer q{nullptr, args.stream}, k{nullptr, args.stream};
  require_cuda_ok(cudaMallocAsync(&q.p, q_bytes, args.stream), op, "cudaMallocAsync(embedded q)");
  require_cuda_ok(cudaMallocAsync(&k.p, k_bytes, args.stream), op, "cudaMallocAsync(embedded k)");
  const PeKind pe = pe_of(args.pe);
  embed_at_positions(args.q, args.q_positions, inv, static_cast<float*>(q.p), int(args.B),
                     int(args.Hq), int(args.Sq), int(args.D), pe, args.stream);
  embed_at_positions(args.k, args.k_positions, inv, static_cast<float*>(k.p), int(args.B),
                     int(args.Hkv), int(args.Sk), int(args.D), pe, args.stream);
  require_cuda_ok(cudaGetLastError(), op, "the embedding at positions");
  call.inputs["q"] = q.p;
  call.inputs["k"] = k.p;
  return launch(call);
}
Dispatch rope(const RopeArgs& args) { return launch(rope_call(args)); }
Dispatch qk_norm_rope(const QkNormRopeArgs& args) { return launch(qk_norm_rope_call(args)); }
Dispatch decode(const DecodeArgs& args) { return launch(decode_call(args)); }

}  // namespace fuselab
