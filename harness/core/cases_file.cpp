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

#include "harness/core/yaml_file.h"

namespace fuselab {
namespace fs = std::filesystem;

namespace {

const char* const kFormatDoc = "docs/reference-format.md";

const std::set<std::string> kTopKeys = {"family", "op", "defaults", "cases"};
const std::set<std::string> kCommonCaseKeys = {"name", "shape", "pe",      "base",    "seed",
                                               "use",  "fixture", "storage", "sample_rows"};
const std::set<std::string> kAttentionCaseKeys = {"q_offset", "k_offset", "causal", "scale"};
const std::set<std::string> kRopeCaseKeys = {"offset"};
constexpr int64_t kMaxPosition = int64_t{1} << 24;  // float32 holds every integer below it
const std::vector<std::string> kAttentionShape = {"B", "Hq", "Hkv", "Sq", "Sk", "D"};
const std::vector<std::string> kRopeShape = {"N", "S", "D"};

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Reads one cases.yaml; every refusal is one message: file:line, the case,
// what is wrong, the fix.
class CasesReader {
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
    const std::string op_name = string_of(op, "op");
    if (op_name != "attention" && op_name != "rope")
      fail(op, "op '" + op_name + "' is not attention or rope", "write op: attention or op: rope");
    file.op = op_name == "rope" ? Op::Rope : Op::Attention;

    const YAML::Node defaults = root["defaults"];
    if (defaults.IsDefined() && !defaults.IsNull()) {
      if (!defaults.IsMap()) fail(defaults, "defaults must be a map", "write defaults: {key: value, ...}");
      check_case_keys(defaults, file.op, false, "defaults");
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

  // A key of the other op gets its own message: it is known, just misplaced.
  void check_case_keys(const YAML::Node& map, Op op, bool with_name, const std::string& context) const {
    const auto& other = op == Op::Rope ? kAttentionCaseKeys : kRopeCaseKeys;
    for (const auto& item : map)
      if (other.count(item.first.Scalar()))
        fail(item.first, "key '" + item.first.Scalar() + "' applies only to op " +
                             (op == Op::Rope ? "attention" : "rope") + ", this family is op " +
                             (op == Op::Rope ? "rope" : "attention"),
             "remove it");
    std::set<std::string> allowed = kCommonCaseKeys;
    const auto& own = op == Op::Rope ? kRopeCaseKeys : kAttentionCaseKeys;
    allowed.insert(own.begin(), own.end());
    if (!with_name) allowed.erase("name");
    check_keys(map, allowed, context);
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

  void read_shape(const YAML::Node& c, CaseSpec& spec) const {
    const auto shape_node = merged(c, "shape");
    if (!shape_node) fail(c, "missing key 'shape'", "add shape: {...} with the keys of op " +
                                                        std::string(spec.op == Op::Rope ? "rope" : "attention"));
    const YAML::Node shape = *shape_node;
    const auto& keys = spec.op == Op::Rope ? kRopeShape : kAttentionShape;
    if (!shape.IsMap()) fail(shape, "shape must be a map", "write shape: {" + join(keys) + "}");
    check_keys(shape, {keys.begin(), keys.end()}, "shape");
    if (spec.op == Op::Rope) {
      spec.N = shape_dim(shape, "N");
      spec.S = shape_dim(shape, "S");
    } else {
      spec.B = shape_dim(shape, "B");
      spec.Hq = shape_dim(shape, "Hq");
      spec.Hkv = shape_dim(shape, "Hkv");
      spec.Sq = shape_dim(shape, "Sq");
      spec.Sk = shape_dim(shape, "Sk");
    }
    spec.D = shape_dim(shape, "D");
    if (spec.D % 2 != 0)
      fail(shape["D"], "D = " + std::to_string(spec.D) + " is odd (PE works on pairs of dimensions)",
           "use an even D");
    if (spec.op == Op::Attention && spec.Hq % spec.Hkv != 0)
      fail(shape["Hkv"], "Hq = " + std::to_string(spec.Hq) + " is not a multiple of Hkv = " +
                             std::to_string(spec.Hkv),
           "choose Hkv dividing Hq");
    // The readers, the checker and the traffic model multiply the dimensions
    // in int64: every tensor's element count must fit there.
    const auto fits = [](std::initializer_list<int64_t> dims) {
      int64_t n = 1;
      for (int64_t d : dims)
        if (__builtin_mul_overflow(n, d, &n)) return false;
      return true;
    };
    const bool fit = spec.op == Op::Rope ? fits({spec.N, spec.S, spec.D})
                                         : fits({spec.B, spec.Hq, spec.Sq, spec.D}) && fits({spec.B, spec.Hkv, spec.Sk, spec.D});
    if (!fit)
      fail(shape, "the shape's tensors have more than 2^63 elements (the dimensions multiplied overflow int64)",
           "use smaller dimensions");
  }

  void read_pe(const YAML::Node& c, CaseSpec& spec) const {
    const auto node = merged(c, "pe");
    if (node) {
      const std::string name = string_of(*node, "pe");
      try {
        spec.pe = pe_from_name(name);
      } catch (const std::runtime_error& e) {
        fail(*node, e.what(), "write pe: none, sinusoidal, rope_interleaved or rope_neox");
      }
    }
    const bool rope_pe = spec.pe == PeKind::RopeInterleaved || spec.pe == PeKind::RopeNeox;
    if (spec.op == Op::Rope && !rope_pe)
      fail(node ? *node : c, std::string("op rope needs a RoPE pairing, not pe ") + pe_name(spec.pe),
           "write pe: rope_interleaved or pe: rope_neox");
    spec.base = merged_or<double>(c, "base", 10000.0, "a number");
    if (!(spec.base > 0.0) || !std::isfinite(spec.base))
      fail(*merged(c, "base"), "base must be a positive finite number", "write base: 10000.0");
  }

  void read_scale(const YAML::Node& c, CaseSpec& spec) const {
    const auto node = merged(c, "scale");
    spec.scale = 1.0 / std::sqrt(static_cast<double>(spec.D));
    if (!node || node->IsNull()) return;
    spec.scale = scalar_of<double>(*node, "scale", "a number or null");
    if (!(spec.scale > 0.0) || !std::isfinite(spec.scale))
      fail(*node, "scale must be a positive finite number", "write scale: null for 1/sqrt(D)");
  }

  void read_positions(const YAML::Node& c, CaseSpec& spec) const {
    if (spec.op == Op::Rope) {
      spec.offset = non_negative(c, "offset");
      check_last_position(c, uint64_t(spec.offset) + uint64_t(spec.S) - 1);
      return;
    }
    spec.q_offset = non_negative(c, "q_offset");
    spec.k_offset = non_negative(c, "k_offset");
    spec.causal = merged_or<bool>(c, "causal", false, "true or false");
    // Query 0 has the smallest position; if it sees key 0, every query does.
    if (spec.causal && spec.k_offset > spec.q_offset)
      fail(*merged(c, "causal"),
           "causal with k_offset " + std::to_string(spec.k_offset) + " > q_offset " +
               std::to_string(spec.q_offset) + " leaves query 0 with no visible key",
           "make k_offset <= q_offset");
    check_last_position(c, std::max(uint64_t(spec.q_offset) + uint64_t(spec.Sq),
                                    uint64_t(spec.k_offset) + uint64_t(spec.Sk)) - 1);
  }

  // In uint64: offsets and sizes are non-negative int64, so their sum is exact
  // (in int64 a huge offset would overflow and pass the check).
  void check_last_position(const YAML::Node& c, uint64_t last) const {
    if (last >= uint64_t(kMaxPosition))
      fail(c, "positions reach " + std::to_string(last) + ", not all exact in float32",
           "keep every position below " + std::to_string(kMaxPosition));
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
    spec.name = string_of(required(c, "name"), "name");
    const bool name_ok = !spec.name.empty() && std::all_of(spec.name.begin(), spec.name.end(), [](char ch) {
      return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
    });
    if (!name_ok) fail(c["name"], "case name '" + spec.name + "' is not [a-z0-9_]+", "rename it");
    case_name_ = spec.name;
    check_case_keys(c, file.op, true, "case");
    read_shape(c, spec);
    read_pe(c, spec);
    read_scale(c, spec);
    read_positions(c, spec);
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
  std::optional<YAML::Node> defaults_;  // absent when the file has none
  std::string case_name_;
};

}  // namespace

std::string CaseSpec::reference_path() const {
  return (fixture ? "fixtures/" : "") + family + "/" + name + ".h5";
}

int64_t CaseSpec::out_rows() const { return op == Op::Rope ? N * S : B * Hq * Sq; }

std::string CaseSpec::shape_text() const {
  const auto s = [](int64_t v) { return std::to_string(v); };
  if (op == Op::Rope) return s(N) + "x" + s(S) + "x" + s(D);
  return s(B) + "x" + s(Hq) + (Hkv != Hq ? "kv" + s(Hkv) : "") + "x" + s(Sq) +
         (Sk != Sq ? "k" + s(Sk) : "") + "x" + s(D);
}

const char* pe_name(PeKind pe) {
  switch (pe) {
    case PeKind::None: return "none";
    case PeKind::Sinusoidal: return "sinusoidal";
    case PeKind::RopeInterleaved: return "rope_interleaved";
    case PeKind::RopeNeox: return "rope_neox";
  }
  return "unknown";
}

PeKind pe_from_name(const std::string& name) {
  for (PeKind pe : {PeKind::None, PeKind::Sinusoidal, PeKind::RopeInterleaved, PeKind::RopeNeox})
    if (name == pe_name(pe)) return pe;
  throw std::runtime_error("unknown pe '" + name + "' (one of none, sinusoidal, rope_interleaved, rope_neox)");
}

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
