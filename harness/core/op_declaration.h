// An op: what the kernels of a family compute, declared once (docs/ops.md).
// The core reads cases, loads reference files, checks outputs, models
// traffic and refuses cases outside a version's limits through this
// declaration alone; it knows named tensors and parameters, not the math.
// The built-in ops live in harness/ops/<op>/; a test may register its own.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/counter_rng.h"

namespace fuselab {

struct CaseSpec;       // cases_file.h
struct LaunchBinding;  // case_tensors.h
struct LaunchFunctions;  // experiment.h
struct Limits;         // experiment.h
struct ReferenceCase;  // reference_case.h

// The minimal traffic of one case: each input read once, the output written
// once, and the FLOPs the math needs. Fractions of the ceilings are taken from these.
struct Traffic {
  double bytes = 0;  // minimal device-memory bytes
  double flops = 0;
};

struct TensorDeclaration {
  enum class Role {
    CounterInput,  // an input the counter generator makes (regenerated for sampled files)
    StoredInput,   // an input the reference file always holds (derived from the parameters)
    Output,        // the one output, float64 in the file ("out"), float32 from a kernel
  };
  // An input's element type in the file and on the device; the output is
  // always float64 in the file and float32 from a kernel.
  enum class Dtype { Float32, Int64 };
  std::string name;  // the file's dataset name: "q", "inv_freq"; the output is "out"
  Role role = Role::CounterInput;
  CounterStream stream = CounterStream::Q;  // CounterInput only
  // Its extents as text over the op's shape keys, one per dimension
  // ("T", "Hq+Hkv", "D/2": harness/core/extent_expression.h); every extent
  // a case gives must be >= 1. The output's last extent is its row width
  // (CaseSpec::D), the others its rows.
  std::vector<std::string> extents = {};
  // One short name per dimension, for error positions ("b", "h", "s", "d").
  std::vector<std::string> dims = {};
  Dtype dtype = Dtype::Float32;
  // An Int64 counter input's largest value: the integer case key that
  // bounds it (its elements lie in [0, that value]).
  std::string max_value_key = {};

  std::vector<int64_t> shape(const CaseSpec& c) const;  // the extents, evaluated
  int64_t max_value(const CaseSpec& c) const;           // the max_value_key's value
};

const char* dtype_name(TensorDeclaration::Dtype dtype);  // "float32", "int64"
std::size_t dtype_bytes(TensorDeclaration::Dtype dtype);

// What an op's parameter hooks see of one case in cases.yaml: its values
// (the case's own, else the defaults'), read and checked, and one way to
// refuse it that names the file, the line and the case.
class CaseFields {
 public:
  virtual ~CaseFields() = default;
  virtual int64_t dim(const std::string& shape_key) const = 0;  // a shape value, >= 1
  virtual int64_t position(const std::string& key) const = 0;  // an integer >= 0, 0 when absent
  virtual bool flag(const std::string& key, bool fallback) const = 0;
  virtual double real(const std::string& key, double fallback) const = 0;  // a finite number
  virtual bool has(const std::string& key) const = 0;  // set by the case or the defaults
  // Refuses positions that float32 does not hold exactly.
  virtual void check_last_position(uint64_t last) const = 0;
  // Refuses the case at `key` (a shape key or a case key; the case if absent).
  [[noreturn]] virtual void fail(const std::string& key, const std::string& what, const std::string& fix) const = 0;
};

struct OpDeclaration {
  std::string name;         // cases.yaml's `op:`, the files' `op` attribute
  std::string source_file;  // where it is declared, for messages (__FILE__)

  // Parameters: the keys of `shape: {...}` (each a positive integer, all
  // required) and the case keys only this op reads (beside the common ones).
  std::vector<std::string> shape_keys;
  std::vector<std::string> case_keys;
  // Sets spec.D (the output's row width) from the shape values (kept in
  // spec.dims) and checks them together; then, after pe and base are read,
  // reads and checks its own case keys into spec.integers, reals and flags.
  // Both refuse through CaseFields::fail.
  std::function<void(const CaseFields&, CaseSpec&)> read_shape;
  std::function<void(const CaseFields&, CaseSpec&)> read_parameters;
  // Its parameters by name: `fuselab cases --json` prints them and a
  // reference file must state each as an attribute (integers and flags as
  // int64, the rest as float64).
  std::function<nlohmann::json(const CaseSpec&)> parameters;
  // "1x8kv2x64x128": the case's shape in one short word, for tables.
  std::function<std::string(const CaseSpec&)> shape_text;

  // Tensors: the inputs in the order the reference file's inputs hash reads
  // them, and exactly one output.
  std::vector<TensorDeclaration> tensors;

  std::function<Traffic(const CaseSpec&)> traffic;

  // Limits: the Limits fields a version of this op may declare (a field
  // left at its default is not declared), the op's own refusals after the
  // common ones, and the last position the case reaches (checked against
  // max_position where a PE is applied).
  std::vector<std::string> limits;
  std::function<std::optional<std::string>(const Limits&, const CaseSpec&)> reject;
  std::function<int64_t(const CaseSpec&)> last_position;

  // Its versions' launches: the problem struct they take (Experiment::launch
  // records it) and how they are bound to a case's tensors. An op without
  // versions of its own (a test's) leaves them empty.
  std::type_index problem_type = typeid(void);
  std::function<LaunchBinding(const LaunchFunctions&)> bind_launch;

  // The float64 reference on the host, where the CPU pipeline needs it:
  // the output rows `rows` (flattened over every output dimension but the
  // last) of a loaded reference, [rows.size(), D]. Empty when the op has none.
  std::function<void(const ReferenceCase&, const std::vector<int64_t>& rows, double* out)> cpu_reference;

  const TensorDeclaration& output() const;
  std::vector<const TensorDeclaration*> inputs() const;
};

}  // namespace fuselab
