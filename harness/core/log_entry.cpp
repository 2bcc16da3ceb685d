#include "harness/core/log_entry.h"

#include <sstream>
#include <vector>

#include "harness/core/format_number.h"

namespace fuselab {
namespace {

using nlohmann::json;

constexpr auto fmt = &format_number;
constexpr const char* kHypothesis = "- Hypothesis: ";
constexpr const char* kLimits = "- Limits: ";

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

std::string timed_row(const json& c) {
  std::ostringstream row;
  const json& cold = c["timing"]["cold"]["stats"];
  const json& hot = c["timing"]["hot"];
  row << "| " << c["name"].get<std::string>() << " | " << status_of(c) << " | " << max_abs_err(c) << " | "
      << number_or_dash(cold["median"], "%.2f") << " | " << number_or_dash(cold["iqr"], "%.2f") << " | "
      << cold["n"].get<long>() << " | "
      << (hot.contains("stats") ? number_or_dash(hot["stats"]["median"], "%.2f") : "—") << " | "
      << number_or_dash(c["achieved"]["GBps"], "%.0f") << " | "
      << (c["achieved"].contains("copy_fraction") ? number_or_dash(c["achieved"]["copy_fraction"], "%.1f%%", 100.0)
                                                  : "—")
      << " |";
  if (!c["reason"].get<std::string>().empty()) row << " " << c["reason"].get<std::string>();
  return row.str();
}

// "name 1.05e-06" for a passed case, else "name STATUS err (reason)".
std::string untimed_item(const json& c) {
  std::string item = c["name"].get<std::string>();
  const std::string status = status_of(c);
  if (status != "passed") item += " " + status;
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

std::string time_of(const std::string& started_utc) { return started_utc.size() >= 19 ? started_utc.substr(11, 8) : started_utc; }

std::string render_experiment(const json& e, const std::string& time, LogFileMemory& memory) {
  std::ostringstream o;
  const std::string id = e["id"].get<std::string>();
  const std::string hypothesis = one_line(e["hypothesis"].get<std::string>());
  const std::string limits = one_line(e["limits"].get<std::string>());
  o << "\n### " << id << " — " << e["verdict"]["value"].get<std::string>() << "\n\n"
    << "- Verdict: " << e["verdict"]["value"].get<std::string>() << " — "
    << one_line(e["verdict"]["reason"].get<std::string>()) << "\n"
    << "- Prediction: " << one_line(e["prediction"]["text"].get<std::string>()) << "\n";
  if (!e["parent"].get<std::string>().empty()) o << "- Parent: " << e["parent"].get<std::string>() << "\n";
  const std::string at = memory.described_at(id, hypothesis, limits);
  if (at.empty()) {
    o << kHypothesis << hypothesis << "\n" << kLimits << limits << "\n";
    memory.remember(id, hypothesis, limits, time);
  } else {
    o << "- Hypothesis and limits: as in its " << at << " entry above\n";
  }
  std::string timed, untimed;
  for (const auto& c : e["cases"]) {
    if (c.contains("timing"))
      timed += timed_row(c) + "\n";
    else
      untimed += (untimed.empty() ? "" : ", ") + untimed_item(c);
  }
  if (!timed.empty())
    o << "\n| case | check | max abs err | cold median µs | IQR µs | n | hot µs | GB/s | % copy |\n"
      << "|---|---|---|---|---|---|---|---|---|\n"
      << timed;
  if (!untimed.empty()) o << "\nChecked, not timed (max abs err): " << untimed << ".\n";
  return o.str();
}

}  // namespace

LogFileMemory LogFileMemory::of(const std::string& file_text) {
  LogFileMemory memory;
  std::istringstream in(file_text);
  std::string line, time, id, hypothesis;
  while (std::getline(in, line)) {
    // "## <started_utc> — run <run-id>", "### <id> — <verdict>"
    const std::size_t dash = line.find(" — ");
    if (starts_with(line, "## ")) {
      time = dash == std::string::npos ? "" : time_of(line.substr(3, dash - 3));
      id.clear();
    } else if (starts_with(line, "### ") && dash != std::string::npos) {
      id = line.substr(4, dash - 4);
      hypothesis.clear();
    } else if (starts_with(line, kHypothesis)) {
      hypothesis = line.substr(std::string(kHypothesis).size());
    } else if (starts_with(line, kLimits) && !id.empty()) {
      const std::string limits = line.substr(std::string(kLimits).size());
      if (memory.described_at(id, hypothesis, limits).empty()) memory.remember(id, hypothesis, limits, time);
    }
  }
  return memory;
}

std::string LogFileMemory::described_at(const std::string& id, const std::string& hypothesis,
                                        const std::string& limits) const {
  const auto it = times_.find(id + '\n' + hypothesis + '\n' + limits);
  return it == times_.end() ? "" : it->second;
}

void LogFileMemory::remember(const std::string& id, const std::string& hypothesis, const std::string& limits,
                             const std::string& time) {
  times_.emplace(id + '\n' + hypothesis + '\n' + limits, time);
}

std::string render_run_entries(const json& record, const std::string& record_link, LogFileMemory& memory) {
  const std::string started = record["started_utc"].get<std::string>();
  std::ostringstream o;
  o << "\n## " << started << " — run " << record["run_id"].get<std::string>() << "\n\n"
    << environment_line(record) << ".  \n"
    << "Record: [" << record["run_id"].get<std::string>() << "](" << record_link << ")\n";
  for (const auto& e : record["experiments"]) o << render_experiment(e, time_of(started), memory);
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
