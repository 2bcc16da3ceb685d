#include "harness/core/cases_file.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <set>
#include <stdexcept>
#include <type_traits>

#include "harness/core/op_registry.h"
#include "harness/core/yaml_file.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace fs = std::filesystem;

namespace {

const char* const kFormatDoc = "docs/reference-format.md";

const std::set<std::string> kTopKeys = {"family", "op", "defaults", "cases"};
const std::set<std::string> kCommonCaseKeys = {"name", "shape", "pe",      "base",    "seed",
                                               "use",  "fixture", "storage", "sample_rows"};
constexpr int64_t kMaxPosition = int64_t{1} << 24;  // float32 holds every integer below it

std::string join(const std::vector<std::string>& items, const std::string& sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// Reads one cases.yaml; every refusal is one message: file:line, the case,
// what is wrong, the fix. The op's hooks read its own keys through CaseFields.
class CasesReader final : public CaseFields {
 public:
  explicit CasesReader(std::string path) : path_(std::move(path)) {}

  CasesFile read(const YAML::Node& root) {
    if (!root.IsMap())
      fail(root, "the file must be a map with keys family, op, defaults, cases",
           "start from an existing experiments/<family>/cases.yaml");
    check_keys(root, kTopKeys, "top level");
    CasesFile file;
    file.path = path_;
    file.family = string_of(required(root, "family"), "family");
    const std::string folder = fs::absolute(path_).parent_path().filename().string();
    if (file.family != folder)
      fail(root["family"], "family '" + file.family + "' differs from the folder name '" + folder + "'",
           "set family: " + folder + " (or move the file to experiments/" + file.family + "/)");
    const YAML::Node op = required(root, "op");
    file.op = string_of(op, "op");
    op_ = find_op(file.op);
    if (!op_)
      fail(op, "op '" + file.op + "' is not " + join(op_names(), " or "),
           "write op: " + join(op_names(), " or op: ") + " (or declare the op: docs/ops.md)");

    const YAML::Node defaults = root["defaults"];
    if (defaults.IsDefined() && !defaults.IsNull()) {
      if (!defaults.IsMap()) fail(defaults, "defaults must be a map", "write defaults: {key: value, ...}");
      check_case_keys(defaults, false, "defaults");
      defaults_.emplace(defaults);
    }
    const YAML::Node cases = required(root, "cases");
    if (!cases.IsSequence() || cases.size() == 0)
      fail(cases, "cases must be a non-empty list", "write cases: followed by '- {name: ..., shape: {...}}' items");
    for (const auto& node : cases) {
      CaseSpec spec = read_case(node, file);
      if (file.find(spec.name))
        fail(node["name"], "case name '" + spec.name + "' is used twice", "rename one of them");
      file.cases.push_back(std::move(spec));
    }
    return file;
  }

 private:
  [[noreturn]] void fail(const YAML::Node& at, const std::string& what, const std::string& fix) const {
    std::string where = path_;
    if (at.IsDefined() && !at.Mark().is_null()) where += ":" + std::to_string(at.Mark().line + 1);
    if (!case_name_.empty()) where += ": case '" + case_name_ + "'";
    throw std::runtime_error(where + ": " + what + ". Fix: " + fix + " (format: " + kFormatDoc + ")");
  }

  void check_keys(const YAML::Node& map, const std::set<std::string>& allowed,
                  const std::string& context) const {
    std::set<std::string> seen;
    for (const auto& item : map) {
      const std::string key = item.first.Scalar();
      if (!allowed.count(key))
        fail(item.first, "unknown key '" + key + "' in " + context,
             "use one of: " + join({allowed.begin(), allowed.end()}));
      if (!seen.insert(key).second)
        fail(item.first, "key '" + key + "' appears twice in " + context, "keep one");
    }
  }

  // A key of another op gets its own message: it is known, just misplaced.
  void check_case_keys(const YAML::Node& map, bool with_name, const std::string& context) const {
    std::set<std::string> allowed = kCommonCaseKeys;
    allowed.insert(op_->case_keys.begin(), op_->case_keys.end());
    for (const auto& item : map) {
      const std::string key = item.first.Scalar();
      if (allowed.count(key)) continue;
      std::vector<std::string> owners;
      for (const auto& name : op_names()) {
        const auto& keys = op_named(name).case_keys;
        if (std::find(keys.begin(), keys.end(), key) != keys.end()) owners.push_back(name);
      }
      if (!owners.empty())
        fail(item.first, "key '" + key + "' applies only to op " + join(owners, " or ") + ", this family is op " +
                             op_->name,
             "remove it");
    }
    if (!with_name) allowed.erase("name");
    check_keys(map, allowed, context);
  }

  // CaseFields, for the op's hooks, over the case being read (case_node_).
  int64_t dim(const std::string& shape_key) const override { return dims_.at(shape_key); }
  int64_t position(const std::string& key) const override { return non_negative(*case_node_, key); }
  bool flag(const std::string& key, bool fallback) const override {
    return merged_or<bool>(*case_node_, key, fallback, "true or false");
  }
  double real(const std::string& key, double fallback) const override {
    const auto node = merged(*case_node_, key);
    if (node && node->IsNull()) return fallback;
    const double value = merged_or<double>(*case_node_, key, fallback, "a number");
    if (!std::isfinite(value)) fail(*merged(*case_node_, key), key + " must be finite", "write a finite number");
    return value;
  }
  bool has(const std::string& key) const override { return merged(*case_node_, key).has_value(); }
  void check_last_position(uint64_t last) const override {
    if (last >= uint64_t(kMaxPosition))
      fail(*case_node_, "positions reach " + std::to_string(last) + ", not all exact in float32",
           "keep every position below " + std::to_string(kMaxPosition));
  }
  [[noreturn]] void fail(const std::string& key, const std::string& what, const std::string& fix) const override {
    if (shape_node_ && (*shape_node_)[key].IsDefined()) fail((*shape_node_)[key], what, fix);
    if (const auto node = merged(*case_node_, key)) fail(*node, what, fix);
    fail(*case_node_, what, fix);
  }

  YAML::Node required(const YAML::Node& map, const std::string& key) const {
    const YAML::Node value = map[key];
    if (!value.IsDefined()) fail(map, "missing key '" + key + "'", "add " + key + ": ...");
    return value;
  }

  // The case's own value, else the defaults' value, else nothing.
  std::optional<YAML::Node> merged(const YAML::Node& c, const std::string& key) const {
    if (c[key].IsDefined()) return c[key];
    if (defaults_ && (*defaults_)[key].IsDefined()) return (*defaults_)[key];
    return std::nullopt;
  }

  template <typename T>
  T scalar_of(const YAML::Node& node, const std::string& key, const std::string& want) const {
    // A quoted scalar ("512") is text: a number or a flag must be written
    // plain, as the generator's YAML reader also requires.
    const bool quoted = node.Tag() == "!";
    try {
      if (node.IsScalar() && (std::is_same_v<T, std::string> || !quoted)) return node.as<T>();
    } catch (const YAML::Exception&) {
    }
    fail(node, "'" + key + "' must be " + want + " (got '" + YAML::Dump(node) + "')",
         "write " + key + " as " + want);
  }

  std::string string_of(const YAML::Node& node, const std::string& key) const {
    return scalar_of<std::string>(node, key, "a string");
  }

  template <typename T>
  T merged_or(const YAML::Node& c, const std::string& key, T fallback, const std::string& want) const {
    const auto node = merged(c, key);
    return node ? scalar_of<T>(*node, key, want) : fallback;
  }

  int64_t shape_dim(const YAML::Node& shape, const std::string& key) const {
    const int64_t value = scalar_of<int64_t>(required(shape, key), key, "a positive integer");
    if (value < 1) fail(shape[key], "shape " + key + " = " + std::to_string(value) + " is not positive",
                        "give " + key + " a value >= 1");
    return value;
  }

  int64_t non_negative(const YAML::Node& c, const std::string& key) const {
    const int64_t value = merged_or<int64_t>(c, key, 0, "an integer >= 0");
    if (value < 0) fail(*merged(c, key), key + " = " + std::to_string(value) + " is negative",
                        "use a position >= 0");
    return value;
  }

  void read_shape(const YAML::Node& c, CaseSpec& spec) {
    const auto shape_node = merged(c, "shape");
    if (!shape_node) fail(c, "missing key 'shape'", "add shape: {...} with the keys of op " + op_->name);
    const YAML::Node shape = *shape_node;
    const auto& keys = op_->shape_keys;
    if (!shape.IsMap()) fail(shape, "shape must be a map", "write shape: {" + join(keys) + "}");
    check_keys(shape, {keys.begin(), keys.end()}, "shape");
    shape_node_ = shape;
    dims_.clear();
    for (const auto& key : keys) dims_[key] = shape_dim(shape, key);
    spec.dims = dims_;
    op_->read_shape(*this, spec);
    check_tensor_shapes(shape, spec);
  }

  // Every tensor the op declares, shaped by this case: one extent per named
  // dimension, each >= 1, and an element count that fits int64 (the
  // readers, the checker and the traffic model multiply the extents there).
  void check_tensor_shapes(const YAML::Node& shape, const CaseSpec& spec) const {
    const std::string declared = " (declared in " + op_->source_file + ")";
    for (const auto& t : op_->tensors) {
      const std::vector<int64_t> extents = t.shape(spec);
      int64_t n = 1;
      for (std::size_t i = 0; i < extents.size(); ++i) {
        if (extents[i] < 1)
          fail(shape, "these parameters give tensor '" + t.name + "' extent " + std::to_string(extents[i]) +
                          " in dimension " + t.dims[i] + declared,
               "choose parameters that make every extent >= 1, or fix the op's shape of '" + t.name + "'");
        if (__builtin_mul_overflow(n, extents[i], &n))
          fail(shape, "the shape's tensors have more than 2^63 elements (the dimensions multiplied overflow int64)",
               "use smaller dimensions");
      }
    }
    if (spec.D != op_->output().shape(spec).back())
      fail(shape, "op " + op_->name + " sets D = " + std::to_string(spec.D) + ", not its output's row width " +
                      std::to_string(op_->output().shape(spec).back()) + declared,
           "set spec.D in the op's read_shape to the output's last extent");
  }

  void read_pe(const YAML::Node& c, CaseSpec& spec) const {
    const auto node = merged(c, "pe");
    if (node) {
      const std::string name = string_of(*node, "pe");
      try {
        spec.pe = pe_from_name(name);
      } catch (const std::runtime_error& e) {
        fail(*node, e.what(), "write pe: " + pe_names_text());
      }
    }
    spec.base = merged_or<double>(c, "base", 10000.0, "a number");
    if (!(spec.base > 0.0) || !std::isfinite(spec.base))
      fail(*merged(c, "base"), "base must be a positive finite number", "write base: 10000.0");
  }

  void read_use(const YAML::Node& c, CaseSpec& spec) const {
    const auto node = merged(c, "use");
    if (!node) {
      spec.for_tests = spec.for_benchmarks = true;
      return;
    }
    const char* fix = "write use: [tests], use: [benchmarks] or use: [tests, benchmarks]";
    if (!node->IsSequence() || node->size() == 0) fail(*node, "use must be a non-empty list", fix);
    for (const auto& item : *node) {
      const std::string value = string_of(item, "use");
      if (value != "tests" && value != "benchmarks")
        fail(item, "use value '" + value + "' is not tests or benchmarks", fix);
      bool& flag = value == "tests" ? spec.for_tests : spec.for_benchmarks;
      if (flag) fail(item, "use lists '" + value + "' twice", fix);
      flag = true;
    }
  }

  void read_storage(const YAML::Node& c, CaseSpec& spec) const {
    const auto node = merged(c, "storage");
    const std::string storage = node ? string_of(*node, "storage") : "full";
    if (storage != "full" && storage != "sampled")
      fail(*node, "storage '" + storage + "' is not full or sampled", "write storage: full or storage: sampled");
    spec.storage = storage == "sampled" ? Storage::Sampled : Storage::Full;
    spec.sample_rows = merged_or<int64_t>(c, "sample_rows", 0, "an integer");
    const YAML::Node at = merged(c, "sample_rows") ? *merged(c, "sample_rows") : c;
    if (spec.storage == Storage::Full && spec.sample_rows != 0)
      fail(at, "sample_rows is set but storage is full", "remove sample_rows or write storage: sampled");
    if (spec.storage == Storage::Sampled && (spec.sample_rows < 1 || spec.sample_rows > spec.out_rows()))
      fail(at, "storage sampled needs 1 <= sample_rows <= " + std::to_string(spec.out_rows()) +
                   " (the output rows), got " + std::to_string(spec.sample_rows),
           "set sample_rows in that range");
  }

  CaseSpec read_case(const YAML::Node& c, const CasesFile& file) {
    case_name_.clear();
    if (!c.IsMap()) fail(c, "a case must be a map", "write - {name: ..., shape: {...}, ...}");
    CaseSpec spec;
    spec.family = file.family;
    spec.op = file.op;
    case_node_ = c;
    shape_node_.reset();
    spec.name = string_of(required(c, "name"), "name");
    const bool name_ok = !spec.name.empty() && std::all_of(spec.name.begin(), spec.name.end(), [](char ch) {
      return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
    });
    if (!name_ok) fail(c["name"], "case name '" + spec.name + "' is not [a-z0-9_]+", "rename it");
    case_name_ = spec.name;
    check_case_keys(c, true, "case");
    read_shape(c, spec);
    read_pe(c, spec);
    op_->read_parameters(*this, spec);
    const auto seed = merged(c, "seed");
    if (!seed) fail(c, "missing key 'seed'", "set seed in the case or in defaults");
    spec.seed = scalar_of<int64_t>(*seed, "seed", "an integer >= 0");
    if (spec.seed < 0) fail(*seed, "seed must be >= 0", "use a non-negative seed");
    read_use(c, spec);
    spec.fixture = merged_or<bool>(c, "fixture", false, "true or false");
    read_storage(c, spec);
    case_name_.clear();
    return spec;
  }

  std::string path_;
  const OpDeclaration* op_ = nullptr;
  std::optional<YAML::Node> defaults_;  // absent when the file has none
  std::string case_name_;
  std::optional<YAML::Node> case_node_, shape_node_;  // the case being read
  std::map<std::string, int64_t> dims_;
};

}  // namespace

std::string CaseSpec::reference_path() const {
  return (fixture ? "fixtures/" : "") + family + "/" + name + ".h5";
}

int64_t CaseSpec::out_rows() const {
  const std::vector<int64_t> extents = op_named(op).output().shape(*this);
  int64_t rows = 1;
  for (std::size_t i = 0; i + 1 < extents.size(); ++i) rows *= extents[i];
  return rows;
}

namespace {

template <typename T>
T parameter(const CaseSpec& c, const std::map<std::string, T>& values, const std::string& key, const char* kind) {
  const auto it = values.find(key);
  if (it == values.end())
    throw std::runtime_error("case " + c.id() + " has no " + kind + " '" + key + "': op " + c.op +
                             " does not set it. Fix: read it in the op's declaration (docs/ops.md)");
  return it->second;
}

}  // namespace

int64_t CaseSpec::dim(const std::string& key) const { return parameter(*this, dims, key, "shape value"); }
int64_t CaseSpec::integer(const std::string& key) const { return parameter(*this, integers, key, "integer"); }
double CaseSpec::real(const std::string& key) const { return parameter(*this, reals, key, "real"); }
bool CaseSpec::flag(const std::string& key) const { return parameter(*this, flags, key, "flag"); }

std::string CaseSpec::shape_text() const { return op_named(op).shape_text(*this); }

const CaseSpec* CasesFile::find(const std::string& name) const {
  for (const auto& c : cases)
    if (c.name == name) return &c;
  return nullptr;
}

CasesFile load_cases_file(const std::string& path) {
  if (!fs::is_regular_file(path))
    throw std::runtime_error(path + ": cases file not found. Fix: create it (format: " +
                             std::string(kFormatDoc) + ") or check the family name");
  return CasesReader(path).read(load_yaml_file(path, kFormatDoc));
}

CasesFile load_family_cases(const std::string& root, const std::string& family) {
  const fs::path path = fs::path(root) / "experiments" / family / "cases.yaml";
  if (!fs::is_regular_file(path)) {
    const auto known = list_families(root);
    if (known.empty())
      throw std::runtime_error(root + " holds no experiments/<family>/cases.yaml, so it is not a fuselab checkout. "
                               "Fix: point --root (or FUSELAB_ROOT) at the repository's top folder");
    throw std::runtime_error(path.string() + ": no cases file for family '" + family +
                             "'. Fix: use one of the known families (" + join(known) +
                             ") or create it (format: " + kFormatDoc + ")");
  }
  return load_cases_file(path.string());
}

std::vector<std::string> list_families(const std::string& root) {
  std::vector<std::string> families;
  const fs::path experiments = fs::path(root) / "experiments";
  if (!fs::is_directory(experiments)) return families;
  for (const auto& entry : fs::directory_iterator(experiments))
    if (entry.is_directory() && fs::is_regular_file(entry.path() / "cases.yaml"))
      families.push_back(entry.path().filename().string());
  std::sort(families.begin(), families.end());
  return families;
}

std::vector<std::string> case_names_in_order(const std::string& root) {
  std::vector<std::string> names;
  for (const auto& family : list_families(root))
    for (const auto& c : load_family_cases(root, family).cases) names.push_back(c.name);
  return names;
}

}  // namespace fuselab
