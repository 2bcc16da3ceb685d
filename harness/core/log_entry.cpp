#include "harness/core/log_entry.h"

#include <sstream>
#include <vector>

#include "harness/core/format_number.h"
#include "harness/core/log_models.h"

namespace fuselab {
namespace {

using nlohmann::json;

constexpr auto fmt = &format_number;
std::string number_or_dash(const json& j, const char* format, double scale = 1.0) {
  if (!j.is_number()) return "—";
  return fmt(format, j.get<double>() * scale);
}

// Markdown list items hold one line.
std::string one_line(std::string s) {
  for (auto& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

std::string status_of(const json& c) {
  std::string status = c["status"].get<std::string>();
  if (c.contains("recheck") && c["recheck"].is_object() && !c["recheck"]["pass"].get<bool>())
    status += " (recheck FAILED)";
  return status;
}

std::string max_abs_err(const json& c) {
  const json& check = c["check"];
  return check.is_object() ? number_or_dash(check["max_abs_err"], "%.2e") : "—";
}

// "name STATUS err (reason)" for a case that did not pass.
std::string not_passed_item(const json& c) {
  std::string item = c["name"].get<std::string>() + " " + status_of(c);
  if (c["check"].is_object()) item += " " + max_abs_err(c);
  if (!c["reason"].get<std::string>().empty()) item += " (" + one_line(c["reason"].get<std::string>()) + ")";
  return item;
}

std::string environment_line(const json& record) {
  std::ostringstream o;
  const json& env = record["environment"];
  if (env.contains("gpu") && env["gpu"].is_object()) {
    const json& g = env["gpu"];
    o << g["name"].get<std::string>() << " (" << g["sm_count"].get<int>() << " SMs), driver "
      << g["driver"].get<std::string>() << ", CUDA runtime " << g["runtime_version"].get<int>();
  } else {
    o << "CPU only (" << env.value("host", std::string("unknown host")) << ")";
  }
  if (record["ceilings"].is_object()) {
    // A peer record may carry only the copy ceiling (measured by torch, no FMA kernel).
    const json& c = record["ceilings"];
    const bool copy = c.contains("copy_GBps") && c["copy_GBps"].is_number();
    const bool fp32 = c.contains("fp32_TFLOPs") && c["fp32_TFLOPs"].is_number();
    if (copy) o << "; copy ceiling " << fmt("%.0f", c["copy_GBps"].get<double>()) << " GB/s";
    if (fp32) o << (copy ? ", " : "; ") << "FP32 " << fmt("%.1f", c["fp32_TFLOPs"].get<double>()) << " TFLOP/s";
  }
  const json& git = record["git"];
  o << "; commit " << (git["commit"].is_string() ? git["commit"].get<std::string>().substr(0, 12)
                                                 : std::string("unknown"));
  if (git["dirty"].is_boolean() && git["dirty"].get<bool>()) o << " (dirty)";
  return o.str();
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

std::string render_experiment(const json& e) {
  std::vector<std::string> timed, checked, not_passed;
  for (const auto& c : e["cases"]) {
    const std::string status = status_of(c);
    if (status == "unsupported") continue;  // outside the version's limits: the record says why
    if (status != "passed")
      not_passed.push_back(not_passed_item(c));
    else if (c.contains("timing"))
      timed.push_back(c["name"].get<std::string>() + " " + number_or_dash(c["timing"]["cold"]["stats"]["median"], "%.2f"));
    else
      checked.push_back(c["name"].get<std::string>());
  }
  std::ostringstream o;
  const std::string verdict = e["verdict"]["value"].get<std::string>();
  o << "\n### " << e["id"].get<std::string>() << " — " << verdict << "\n\n"
    << "- Verdict: " << verdict << " — " << one_line(e["verdict"]["reason"].get<std::string>()) << "\n";
  if (!timed.empty()) o << "- Timed, cold median µs: " << joined(timed) << "\n";
  if (!checked.empty()) o << "- Checked, not timed: " << joined(checked) << "\n";
  if (!not_passed.empty()) o << "- Did not pass: " << joined(not_passed) << "\n";
  return o.str();
}

}  // namespace

std::string render_run_entries(const json& record, const std::string& record_link) {
  const std::string started = record["started_utc"].get<std::string>();
  std::ostringstream o;
  o << "\n## " << started << " — run " << record["run_id"].get<std::string>() << "\n\n"
    << environment_line(record) << ".  \n"
    << "Record: [" << record["run_id"].get<std::string>() << "](" << record_link << ")\n";
  for (const auto& e : record["experiments"]) o << render_experiment(e);
  o << render_models(record);  // a model bench's end-to-end table (harness/models/model_bench.py)
  return o.str();
}

std::string render_calibration_entry(const json& record, const std::string& record_link) {
  std::string text = "\n## " + record["started_utc"].get<std::string>() +
                     " — timing calibration\n\n| test | result | pass |\n|---|---|---|\n";
  for (const auto& [name, t] : record["calibration"].items()) {
    json shown = t;
    shown.erase("pass");
    shown.erase("stats_us");
    text += "| " + name + " | `" + shown.dump() + "` | " + (t["pass"].get<bool>() ? "yes" : "NO") + " |\n";
  }
  text += "\nRecord: [" + record["run_id"].get<std::string>() + "](" + record_link + ")\n";
  return text;
}

std::string render_note_entry(const LogNote& note, const std::string& note_link) {
  return "\n## Note " + note.key.substr(0, note.key.find('-')) + " — " + note_title(note) +
         "\n\nWritten by hand: [" + note.key + ".md](" + note_link + ").\n";
}

std::vector<std::string> logged_run_ids(const std::string& file_text) {
  std::vector<std::string> ids;
  std::istringstream in(file_text);
  std::string line;
  const std::string prefix = "Record: [";
  while (std::getline(in, line)) {
    if (!starts_with(line, prefix)) continue;
    const auto close = line.find(']', prefix.size());
    if (close != std::string::npos) ids.push_back(line.substr(prefix.size(), close - prefix.size()));
  }
  return ids;
}

}  // namespace fuselab
