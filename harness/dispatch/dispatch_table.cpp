#include "harness/dispatch/dispatch_table.h"

#include <cstdio>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "harness/core/op_registry.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr const char* kDoc = "docs/dispatch.md";
constexpr int64_t kMaxExactPosition = int64_t{1} << 24;  // float32 holds every integer below it

// A record's entry for `id`; null when it has none.
const json* recorded_entry(const RecordIndex& index, const std::string& run_id, const std::string& id) {
  const json& record = *index.run(run_id).json;
  if (!record.contains("experiments") || !record["experiments"].is_array()) return nullptr;
  for (const json& e : record["experiments"])
    if (e.is_object() && e.value("id", "") == id) return &e;
  return nullptr;
}

// Whether the code of a cell's record is the code built now (built_code.h).
CodeState cell_state(const RecordIndex& index, const ReportCell& cell, const std::string& id, const BuildView& build) {
  const json* entry = recorded_entry(index, cell.run_id, id);
  return entry ? build.code.state_of(id, *entry) : CodeState{};
}

// The family as the report models it, with only what this build holds on
// the source it was measured on: versions the build holds, cells whose
// record ran the code built now.
FamilyModel current_only(const FamilyModel& f, const RecordIndex& index, const BuildView& build) {
  FamilyModel current = f;
  std::set<std::string> kept;
  current.versions.clear();
  for (const auto& v : f.versions) {
    if (build.limits_of(v.id) && build.code.holds(v.id)) {
      current.versions.push_back(v);
      kept.insert(v.id);
    }
  }
  current.cells.clear();
  for (const auto& [key, cell] : f.cells)
    if (kept.count(key.first) && cell_state(index, cell, key.first, build).counts()) current.cells[key] = cell;
  return current;
}

// A flag of the case, false where its op has none.
bool flag_or_false(const CaseSpec& spec, const std::string& key) {
  const auto it = spec.flags.find(key);
  return it != spec.flags.end() && it->second;
}

// The shape keys that decide the class exactly (besides pe and causal).
bool gqa(const std::map<std::string, int64_t>& dims) {
  const auto hq = dims.find("Hq"), hkv = dims.find("Hkv");
  return hq != dims.end() && hkv != dims.end() && hq->second != hkv->second;
}

// Sum of |log2(a/b)| over the shape values other than D; inf when the keys differ.
double distance(const std::map<std::string, int64_t>& a, const std::map<std::string, int64_t>& b) {
  double d = 0;
  for (const auto& [key, value] : a) {
    if (key == "D") continue;
    const auto other = b.find(key);
    if (other == b.end()) return INFINITY;
    d += std::fabs(std::log2(double(value)) - std::log2(double(other->second)));
  }
  return d;
}

// snprintf, not a stream: the library's call path formats no number through
// iostreams (docs/torch.md: the PyTorch ops' process).
std::string fixed2(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", v);
  return text;
}

// CaseFields over a call's values: every refusal is a DispatchError.
class ValueFields final : public CaseFields {
 public:
  ValueFields(std::string op, const std::map<std::string, int64_t>& dims, const std::map<std::string, double>& values)
      : op_(std::move(op)), dims_(dims), values_(values) {}
  int64_t dim(const std::string& key) const override {
    const auto it = dims_.find(key);
    if (it == dims_.end()) fail(key, "shape value " + key + " is missing", "give " + key);
    if (it->second < 1) fail(key, key + " = " + std::to_string(it->second) + " is not positive", "give " + key + " >= 1");
    return it->second;
  }
  int64_t position(const std::string& key) const override {
    const auto it = values_.find(key);
    if (it == values_.end()) return 0;
    if (it->second < 0 || it->second != std::floor(it->second))
      fail(key, key + " = " + std::to_string(it->second) + " is not an integer >= 0", "give a position >= 0");
    return int64_t(it->second);
  }
  bool flag(const std::string& key, bool fallback) const override {
    const auto it = values_.find(key);
    return it == values_.end() ? fallback : it->second != 0;
  }
  double real(const std::string& key, double fallback) const override {
    const auto it = values_.find(key);
    if (it == values_.end()) return fallback;
    if (!std::isfinite(it->second)) fail(key, key + " must be finite", "give a finite number");
    return it->second;
  }
  bool has(const std::string& key) const override { return values_.count(key) > 0; }
  void check_last_position(uint64_t last) const override {
    if (last >= uint64_t(kMaxExactPosition))
      fail("", "positions reach " + std::to_string(last) + ", not all exact in float32",
           "keep every position below " + std::to_string(kMaxExactPosition));
  }
  [[noreturn]] void fail(const std::string& key, const std::string& what, const std::string& fix) const override {
    throw DispatchError("fuselab::" + op_ + ": " + (key.empty() ? "" : key + ": ") + what + ". Fix: " + fix);
  }

 private:
  std::string op_;
  const std::map<std::string, int64_t>& dims_;
  const std::map<std::string, double>& values_;
};

json dims_json(const std::map<std::string, int64_t>& dims) {
  json j = json::object();
  for (const auto& [k, v] : dims) j[k] = v;
  return j;
}

}  // namespace

DispatchTable build_dispatch_table(const RecordIndex& index, const std::vector<FamilyModel>& families,
                                   const std::vector<CasesFile>& cases, const BuildView& build) {
  DispatchTable table;
  for (const FamilyModel& model : families) {
    const auto file = std::find_if(cases.begin(), cases.end(), [&](const CasesFile& c) { return c.family == model.family; });
    if (file == cases.end()) continue;  // a peer-only family, or one the tree no longer has
    const FamilyModel current = current_only(model, index, build);
    for (const std::string& case_name : current.cases) {
      const CaseSpec* spec = file->find(case_name);
      if (!spec) continue;
      const ReportExperiment* best = current.fastest_version(case_name, true);
      if (!best) continue;
      const ReportCell* cell = current.cell(best->id, case_name);
      table.entries.push_back({file->op, model.family, case_name, spec->shape_text(), spec->pe, flag_or_false(*spec, "causal"),
                               spec->dims, best->id, cell->median_us, cell->run_id,
                               cell_state(index, *cell, best->id, build).witness_run});
    }
    // The fallback: among versions with a passing result and no failing one
    // on the current source, the one whose Limits accept the most of the
    // family's cases (every case of cases.yaml); ties: the lower id.
    std::optional<DispatchFallback> fallback;
    for (const auto& v : current.versions) {
      bool passed = false, failed = false;
      for (const auto& c : current.cases)
        if (const ReportCell* cell = current.cell(v.id, c)) (cell->passed ? passed : failed) = true;
      if (!passed || failed) continue;
      const Limits* limits = build.limits_of(v.id);
      int accepted = 0;
      for (const CaseSpec& c : file->cases) accepted += limits->reject(c) ? 0 : 1;
      if (!fallback || accepted > fallback->accepted)
        fallback = DispatchFallback{file->op, model.family, v.id, accepted, int(file->cases.size())};
    }
    if (fallback) table.fallbacks.push_back(*fallback);
  }
  std::sort(table.entries.begin(), table.entries.end(), [](const DispatchEntry& a, const DispatchEntry& b) {
    return std::tie(a.op, a.family, a.case_name) < std::tie(b.op, b.family, b.case_name);
  });
  std::sort(table.fallbacks.begin(), table.fallbacks.end(), [](const DispatchFallback& a, const DispatchFallback& b) {
    return std::tie(a.op, a.family) < std::tie(b.op, b.family);
  });
  return table;
}

std::string render_dispatch_table(const DispatchTable& table) {
  std::string out = "{\n  \"generated_by\": \"fuselab export --dispatch (from reports/runs; do not edit: " +
                    std::string(kDoc) + ")\",\n  \"schema\": 1,\n  \"entries\": [";
  for (std::size_t i = 0; i < table.entries.size(); ++i) {
    const DispatchEntry& e = table.entries[i];
    json j = {{"op", e.op},           {"family", e.family},       {"case", e.case_name},
                    {"shape", e.shape},     {"pe", pe_name(e.pe)},       {"causal", e.causal},
                    {"dims", dims_json(e.dims)}, {"version", e.version}, {"median_us", e.median_us},
                    {"run_id", e.run_id}};
    if (!e.same_sass_as.empty()) j["same_sass_as"] = e.same_sass_as;
    out += (i ? ",\n    " : "\n    ") + j.dump();
  }
  out += "\n  ],\n  \"fallbacks\": [";
  for (std::size_t i = 0; i < table.fallbacks.size(); ++i) {
    const DispatchFallback& f = table.fallbacks[i];
    const json j = {{"op", f.op}, {"family", f.family}, {"version", f.version}, {"accepted", f.accepted}, {"cases", f.cases}};
    out += (i ? ",\n    " : "\n    ") + j.dump();
  }
  out += "\n  ]\n}\n";
  return out;
}

DispatchTable parse_dispatch_table(const std::string& text, const std::string& origin) {
  const std::string fix = ". Fix: regenerate it with `fuselab export --dispatch " + origin + "` (" + kDoc + ")";
  DispatchTable table;
  try {
    const json j = json::parse(text);
    if (j.value("schema", 0) != 1) throw DispatchError(origin + ": not a dispatch table of schema 1" + fix);
    for (const json& e : j.at("entries")) {
      DispatchEntry d;
      d.op = e.at("op").get<std::string>();
      d.family = e.at("family").get<std::string>();
      d.case_name = e.at("case").get<std::string>();
      d.shape = e.at("shape").get<std::string>();
      d.pe = pe_from_name(e.at("pe").get<std::string>());
      d.causal = e.at("causal").get<bool>();
      const json& dims = e.at("dims");
      for (auto it = dims.begin(); it != dims.end(); ++it) d.dims[it.key()] = it.value().get<int64_t>();
      d.version = e.at("version").get<std::string>();
      d.median_us = e.at("median_us").get<double>();
      d.run_id = e.at("run_id").get<std::string>();
      d.same_sass_as = e.value("same_sass_as", std::string());
      table.entries.push_back(std::move(d));
    }
    for (const json& f : j.at("fallbacks"))
      table.fallbacks.push_back({f.at("op").get<std::string>(), f.at("family").get<std::string>(),
                                 f.at("version").get<std::string>(), f.at("accepted").get<int>(),
                                 f.at("cases").get<int>()});
  } catch (const DispatchError&) {
    throw;
  } catch (const std::exception& e) {
    throw DispatchError(origin + ": not a readable dispatch table (" + e.what() + ")" + fix);
  }
  return table;
}

CaseSpec call_spec(const std::string& op_name, PeKind pe, const std::map<std::string, int64_t>& dims,
                   const std::map<std::string, double>& values, double base, std::optional<double> scale) {
  const OpDeclaration& op = op_named(op_name);
  std::map<std::string, double> given = values;  // the op's read_parameters reads scale (1/sqrt(D) when absent)
  if (scale) given["scale"] = *scale;
  ValueFields fields(op_name, dims, given);
  CaseSpec spec;
  spec.op = op_name;
  spec.family = "call";
  spec.name = "call";
  spec.pe = pe;
  for (const auto& key : op.shape_keys) spec.dims[key] = fields.dim(key);
  for (const auto& [key, value] : dims)
    if (!spec.dims.count(key)) fields.fail(key, "is not a shape value of op " + op_name, "leave it out");
  op.read_shape(fields, spec);
  if (!(base > 0.0) || !std::isfinite(base)) fields.fail("base", "base must be a positive finite number", "give base > 0 (10000)");
  spec.base = base;
  if (scale && !(*scale > 0.0 && std::isfinite(*scale)))
    fields.fail("scale", "scale must be a positive finite number", "give 0 (unset) for 1/sqrt(D)");
  op.read_parameters(fields, spec);
  return spec;
}

DispatchChoice choose_version(const DispatchTable& table, const CaseSpec& call,
                              const std::function<const Limits*(const std::string& id)>& limits_of) {
  struct Candidate {
    bool other_pe;  // an entry measured with another PE kind: after every entry of the call's own
    double distance;
    const DispatchEntry* entry;
  };
  std::vector<Candidate> candidates;
  for (const DispatchEntry& e : table.entries) {
    if (e.op != call.op || e.causal != flag_or_false(call, "causal") || gqa(e.dims) != gqa(call.dims)) continue;
    const auto d = e.dims.find("D");
    if (d == e.dims.end() || d->second != call.D) continue;
    const double dist = distance(call.dims, e.dims);
    if (std::isfinite(dist)) candidates.push_back({e.pe != call.pe, dist, &e});
  }
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    return a.other_pe != b.other_pe ? !a.other_pe : a.distance < b.distance;
  });
  std::string refusals;
  const auto accepts = [&](const std::string& id, const std::string& as) {
    const Limits* limits = limits_of(id);
    const std::optional<std::string> why = limits ? limits->reject(call) : std::string("not in this build");
    if (!why) return true;
    refusals += "; " + as + " " + id + ": " + *why;
    return false;
  };
  for (const Candidate& c : candidates)
    if (accepts(c.entry->version, "entry " + c.entry->family + "/" + c.entry->case_name))
      return {c.entry->version, "entry " + c.entry->family + "/" + c.entry->case_name + " (" +
                                    (c.other_pe ? "measured with pe " + std::string(pe_name(c.entry->pe)) + ", " : "") +
                                    "distance " + fixed2(c.distance) + ")"};
  // The fallbacks of the op, those of a family whose entries have the call's PE kind first.
  std::vector<const DispatchFallback*> fallbacks;
  for (const DispatchFallback& f : table.fallbacks)
    if (f.op == call.op) fallbacks.push_back(&f);
  const auto same_pe = [&](const DispatchFallback* f) {
    return std::any_of(table.entries.begin(), table.entries.end(),
                       [&](const DispatchEntry& e) { return e.family == f->family && e.pe == call.pe; });
  };
  std::stable_partition(fallbacks.begin(), fallbacks.end(), same_pe);
  for (const DispatchFallback* f : fallbacks)
    if (accepts(f->version, "fallback of " + f->family)) return {f->version, "fallback of " + f->family};
  throw DispatchError("fuselab::" + call.op + ": no version accepts pe " + pe_name(call.pe) + (flag_or_false(call, "causal") ? ", causal" : "") +
                      ", shape " + call.shape_text() +
                      (refusals.empty() ? std::string(": the dispatch table has no entry or fallback for op " + call.op)
                                        : ":" + refusals.substr(1)) +
                      ". Fix: call it within a version's limits (`fuselab show ID`), or add a version that "
                      "accepts it and regenerate the table (" + kDoc + ")");
}

}  // namespace fuselab
