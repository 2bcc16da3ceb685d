// An experiment: one kernel version with the claim it makes, declared before
// it runs. Experiment modules (experiments/<family>/vNNN_slug.cu) build one
// with the fluent setters below inside FUSELAB_EXPERIMENT; the registry
// (registry.h) validates every declaration at startup.
#pragma once

#include <cuda_runtime_api.h>

#include <climits>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <vector>

namespace fuselab {

// The positional-encoding kinds, defined with the kernels' problem structs
// (kernels/common/problem.h); the core only names and compares them.
namespace kernels {
enum class PeKind : int;
}
using kernels::PeKind;

struct CaseSpec;  // cases_file.h

enum class Backend { Cuda, Cpu };

// What a version can run. A case outside the limits is reported as
// unsupported (with the reason from reject()), never as failed or passed.
struct Limits {
  std::set<PeKind> pe;                // PE kinds the version implements
  int head_dim_multiple = 1;          // D must be a multiple of this
  int max_head_dim = INT_MAX;
  int max_seq_q = INT_MAX;
  int max_seq_k = INT_MAX;
  bool causal = false;                // causal masking implemented
  bool gqa = false;                   // Hq != Hkv implemented
  bool cross = false;                 // Sq != Sk implemented
  long max_position = LONG_MAX;       // largest position valid for its PE math
  // Empty when the case fits; otherwise why it does not.
  std::optional<std::string> reject(const CaseSpec& c) const;
  std::string describe() const;
};

// A falsifiable prediction, turned into a verdict by the harness from the
// timings of one run (the baseline is run in the same process).
struct Prediction {
  enum class Kind { FasterThan, SlowerThan, AtMostMicros, None };
  Kind kind = Kind::None;
  std::string baseline;            // FasterThan, SlowerThan: experiment id or peer id
  double factor = 1.0;             // FasterThan: t_baseline / t_this >= factor;
                                   // SlowerThan: t_this / t_baseline >= factor
  double micros = 0.0;             // AtMostMicros: cold median <= micros
  std::vector<std::string> cases;  // empty = every benchmark case both support
  bool has_baseline() const { return kind == Kind::FasterThan || kind == Kind::SlowerThan; }
  std::string describe() const;
};
// A version built to be compared against (a baseline pipeline) may declare
// how much slower than the version it measures it expects to be.
Prediction slower_than(std::string baseline, double factor, std::vector<std::string> cases = {});
Prediction faster_than(std::string baseline, double factor, std::vector<std::string> cases = {});
Prediction at_most_us(double micros, std::vector<std::string> cases);

// A device kernel the version launches, for the resource report
// (registers, shared and local memory from cudaFuncGetAttributes).
struct KernelRef {
  std::string name;
  const void* func = nullptr;
};

// A version's launch as its module gives it: `launch(const Problem&, void*
// workspace, cudaStream_t)` and optionally `workspace(const Problem&)`, kept
// with the type of the problem struct they take. The op whose declaration
// takes that struct casts them back and binds them to a case's tensors
// (harness/ops/common/problem_launch.h); the core never calls them itself.
struct LaunchFunctions {
  std::type_index problem = typeid(void);
  void (*launch)() = nullptr;
  void (*workspace)() = nullptr;
};

struct Experiment {
  // Filled by FUSELAB_EXPERIMENT.
  std::string family;   // "attention"
  std::string version;  // "v001_online_softmax"
  std::string source_file;
  std::string id() const { return family + "/" + version; }
  // The module that declares it, relative to experiments/ without ".cu":
  // "attention/v000_cublas_unfused", or "designs/no_turns" for a design
  // module, which declares one version per family its PE kinds reach.
  std::string module() const;

  // Declared by the module.
  std::string parent_id;  // empty only for a family's v000
  std::string hypothesis_text;
  Prediction prediction_value;
  Limits limits_value;
  Backend backend_value = Backend::Cuda;
  bool canary_value = false;  // deliberately wrong: the checker must reject it
  std::vector<KernelRef> kernel_refs;
  LaunchFunctions launch_functions;

  Experiment& parent(std::string id) { parent_id = std::move(id); return *this; }
  Experiment& hypothesis(std::string text) { hypothesis_text = std::move(text); return *this; }
  Experiment& prediction(Prediction p) { prediction_value = std::move(p); return *this; }
  Experiment& limits(Limits l) { limits_value = std::move(l); return *this; }
  Experiment& backend(Backend b) { backend_value = b; return *this; }
  Experiment& canary() { canary_value = true; return *this; }
  Experiment& kernel(std::string name, const void* func) {
    kernel_refs.push_back({std::move(name), func});
    return *this;
  }
  Experiment& kernels(const std::vector<KernelRef>& refs) {
    kernel_refs.insert(kernel_refs.end(), refs.begin(), refs.end());
    return *this;
  }
  template <typename Problem>
  Experiment& launch(void (*f)(const Problem&, void* workspace, cudaStream_t),
                     std::size_t (*ws)(const Problem&) = nullptr) {
    launch_functions = {typeid(Problem), reinterpret_cast<void (*)()>(f), reinterpret_cast<void (*)()>(ws)};
    return *this;
  }
};

}  // namespace fuselab
