#include "harness/core/run_record.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "harness/core/crash_point.h"
#include "harness/core/limits_vocabulary.h"

#include "harness/core/record_derived.h"
#include "harness/core/record_format.h"
#include "harness/core/stats.h"
#include "harness/core/traffic_model.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

using nlohmann::json;

json prediction_json(const Prediction& p) {
  const char* kind = p.kind == Prediction::Kind::FasterThan     ? "faster_than"
                     : p.kind == Prediction::Kind::SlowerThan   ? "slower_than"
                     : p.kind == Prediction::Kind::AtMostMicros ? "at_most_us"
                                                                : "none";
  return {{"kind", kind},       {"text", p.describe()}, {"baseline", p.baseline},
          {"factor", p.factor}, {"micros", p.micros},   {"cases", p.cases}};
}

std::vector<double> microseconds(const std::vector<double>& seconds) {
  std::vector<double> us;
  us.reserve(seconds.size());
  for (double s : seconds) us.push_back(s * 1e6);
  return us;
}

json case_json(const CaseOutcome& c, const json& ceilings) {
  const Traffic t = minimal_traffic(c.spec);
  json j = {{"name", c.spec.name},
            {"shape", c.spec.shape_text()},
            {"pe", pe_name(c.spec.pe)},
            {"status", status_name(c.status)},
            {"reason", c.reason},
            {"reference", {{"file", c.reference_file}, {"sha256", c.reference_sha256}}},
            {"traffic", {{"bytes", t.bytes}, {"flops", t.flops}}},
            {"check", c.check ? to_json(*c.check) : json(nullptr)},
            {"recheck", c.recheck ? to_json(*c.recheck) : json(nullptr)}};
  if (c.checked_by) add_to_json(*c.checked_by, j["reference"]);
  if (c.timed()) {
    const json cold = timing_series_json(microseconds(c.cold_s));
    j["timing"] = {{"cold", cold},
                   {"hot", c.hot_s.empty() ? json{{"unavailable", c.hot_unavailable}}
                                           : timing_series_json(microseconds(c.hot_s))}};
    j["achieved"] = achieved_json(t.bytes, t.flops, cold["stats"]["median"].get<double>(), ceilings);
  }
  if (c.paired)
    j["paired"] = {{"baseline", c.paired->baseline},
                   {"rounds", c.paired->rounds},
                   {"allocations", c.paired->allocations},
                   {"speedup", {{"mid", c.paired->speedup.mid},
                                {"low", c.paired->speedup.low},
                                {"high", c.paired->speedup.high}}},
                   {"allocation_speedups", c.paired->allocation_speedups}};
  return j;
}

}  // namespace

json make_run_record(const RunContext& ctx, const std::vector<ExperimentOutcome>& outcomes) {
  json experiments = json::array();
  for (const auto& o : outcomes) {
    const Experiment& e = *o.experiment;
    json cases = json::array();
    for (const auto& c : o.cases) cases.push_back(case_json(c, ctx.ceilings));
    experiments.push_back({{"id", e.id()},
                           {"family", e.family},
                           {"version", e.version},
                           {"parent", e.parent_id},
                           {"hypothesis", e.hypothesis_text},
                           {"prediction", prediction_json(e.prediction_value)},
                           {"limits", describe_limits_of(e)},
                           {"backend", e.backend_value == Backend::Cpu ? "cpu" : "cuda"},
                           {"canary", e.canary_value},
                           {"source_sha256", o.source_sha256},
                           {"resources", o.resources},
                           {"verdict", {{"value", o.verdict.value}, {"reason", o.verdict.reason}}},
                           {"cases", cases}});
    if (!o.closure_sha256.empty())
      experiments.back()["closure"] = {{"sha256", o.closure_sha256}, {"files", o.closure_files}};
    if (!o.device_code.is_null()) experiments.back()["device_code"] = o.device_code;
  }
  return {{"schema", kRunRecordSchema},
          {"run_id", ctx.run_id},
          {"command", ctx.command},
          {"started_utc", ctx.started_utc},
          {"finished_utc", ctx.finished_utc},
          {"backend", ctx.backend},
          {"git", ctx.git},
          {"build", ctx.build},
          {"environment", ctx.environment},
          {"ceilings", ctx.ceilings},
          {"settings", ctx.settings},
          {"experiments", experiments}};
}

void write_file_atomically(const std::string& dir, const std::string& name,
                           const std::string& text) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  const fs::path final_path = fs::path(dir) / name;
  const fs::path temp_path =
      fs::path(dir) / ("." + name + ".tmp." + std::to_string(getpid()));
  {
    std::ofstream out(temp_path, std::ios::binary | std::ios::trunc);
    crash_point("temp file opened");
    const std::size_t half = text.size() / 2;  // two writes, so a kill test can stop between them
    out.write(text.data(), static_cast<std::streamsize>(half));
    out.flush();
    crash_point("temp file half written");
    out.write(text.data() + half, static_cast<std::streamsize>(text.size() - half));
    out.flush();
    if (!out) {
      fs::remove(temp_path);
      throw std::runtime_error("cannot write " + temp_path.string() +
                               ". Fix: check the folder exists and is writable");
    }
  }
  crash_point("temp file written, not renamed");
  fs::rename(temp_path, final_path);
  crash_point("renamed");
}

bool write_file_if_changed(const std::string& path, const std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (in) {
    std::ostringstream kept;
    kept << in.rdbuf();
    if (kept.str() == text) return false;
  }
  const std::filesystem::path p = std::filesystem::absolute(path);
  write_file_atomically(p.parent_path().string(), p.filename().string(), text);
  return true;
}

void write_run_record(const std::string& dir, const json& record, const std::string& root) {
  write_file_atomically(dir, record_file_name(record.at("run_id").get<std::string>()),
                        record_file_bytes(record, root));
}

json read_run_record(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("run record " + path + " cannot be opened");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_record_file(bytes, path);
}

}  // namespace fuselab
