#include "harness/core/built_code.h"

#include <algorithm>
#include <filesystem>

#include "harness/core/device_code.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Every declared kernel has a hash: device_code_digest is empty otherwise.
bool complete(const json& device_code) { return !device_code_digest(device_code).empty(); }

// Every case that ran passed its check; at least one ran. Cases the
// version's limits refused ("unsupported") did not run.
bool checks_pass(const json& entry) {
  if (!entry.contains("cases") || !entry["cases"].is_array()) return false;
  int passed = 0;
  for (const json& c : entry["cases"]) {
    const std::string status = c.is_object() ? c.value("status", std::string()) : "";
    if (status == "passed") ++passed;
    else if (status != "unsupported") return false;
  }
  return passed > 0;
}

const json& device_code_of_entry(const json& entry) {
  static const json none;
  return entry.is_object() && entry.contains("device_code") ? entry["device_code"] : none;
}

}  // namespace

std::string CodeState::describe() const {
  switch (kind) {
    case kCurrent: return "current";
    case kSameSass: return "current: same SASS as " + witness_run;
    case kChangedSince: return "changed since";
    case kNoClosure: return "no closure on record";
    case kNotBuilt: return "not in this build";
  }
  return "";
}

std::string recorded_closure_of(const json& entry) {
  if (entry.is_object() && entry.contains("closure") && entry["closure"].is_object() &&
      entry["closure"].contains("sha256") && entry["closure"]["sha256"].is_string())
    return entry["closure"]["sha256"].get<std::string>();
  return "";
}

void BuiltCode::add_closure(const std::string& id, const std::string& sha256) { closures_[id] = sha256; }

void BuiltCode::add_witnesses(const RecordIndex& index) {
  for (const LoadedRecord& record : index.records()) {
    const json& r = *record.json;
    if (!r.contains("experiments") || !r["experiments"].is_array()) continue;
    for (const json& e : r["experiments"]) {
      if (!e.is_object()) continue;
      const auto built = closures_.find(e.value("id", std::string()));
      if (built == closures_.end() || built->second.empty() || recorded_closure_of(e) != built->second) continue;
      const json& code = device_code_of_entry(e);
      if (complete(code) && checks_pass(e)) witnesses_[built->first].push_back({record.run_id, code});
    }
  }
}

CodeState BuiltCode::state_of(const std::string& id, const json& entry) const {
  CodeState state;
  const std::string recorded = recorded_closure_of(entry);
  const auto built = closures_.find(id);
  if (recorded.empty()) {
    state.kind = CodeState::kNoClosure;
  } else if (built == closures_.end()) {
    state.kind = CodeState::kNotBuilt;
  } else if (recorded == built->second) {
    state.kind = CodeState::kCurrent;
  } else {
    state.kind = CodeState::kChangedSince;
    const json& code = device_code_of_entry(entry);
    const auto witnesses = witnesses_.find(id);
    if (complete(code) && witnesses != witnesses_.end())
      for (const Witness& w : witnesses->second)
        if (w.device_code.value("arch", json()) == code.value("arch", json()) &&
            w.device_code["kernels"] == code["kernels"]) {
          state = {CodeState::kSameSass, w.run_id};
          break;
        }
  }
  return state;
}

void add_repository_witnesses(BuiltCode& code, const std::string& root, const std::string& records_dir) {
  code.add_witnesses(RecordIndex::load(records_dir));
  const fs::path others = fs::path(root) / "reports" / "runs-other-gpus";
  std::error_code ec;
  if (!fs::is_directory(others, ec)) return;
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(others))
    if (entry.is_directory()) folders.push_back(entry.path());
  std::sort(folders.begin(), folders.end());
  for (const auto& folder : folders) code.add_witnesses(RecordIndex::load(folder.string()));
}

}  // namespace fuselab
