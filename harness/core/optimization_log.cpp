#include "harness/core/optimization_log.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "harness/core/crash_point.h"
#include "harness/core/format_number.h"
#include "harness/core/record_format.h"

namespace fuselab {
namespace {

using nlohmann::json;

constexpr const char* kLogHeader =
    "# fuselab optimization log\n\n"
    "Entries are appended by `fuselab run`, one per experiment per run, from the run\n"
    "records in reports/runs/. Do not edit entries by hand.\n\n"
    "<!-- summary:begin -->\n<!-- summary:end -->\n";

constexpr auto fmt = &format_number;

std::string number_or_dash(const json& j, const char* format, double scale = 1.0) {
  if (!j.is_number()) return "—";
  return fmt(format, j.get<double>() * scale);
}

std::string case_row(const json& c) {
  std::ostringstream row;
  const json& check = c["check"];
  std::string status = c["status"].get<std::string>();
  if (c.contains("recheck") && c["recheck"].is_object() && !c["recheck"]["pass"].get<bool>())
    status += " (recheck FAILED)";
  row << "| " << c["name"].get<std::string>() << " | " << status << " | "
      << (check.is_object() ? number_or_dash(check["max_abs_err"], "%.2e") : "—") << " | "
      << (check.is_object() ? number_or_dash(check["torch_fp32_max_abs_err"], "%.2e") : "—")
      << " | ";
  if (c.contains("timing")) {
    const json& cold = c["timing"]["cold"]["stats"];
    const json& hot = c["timing"]["hot"];
    row << number_or_dash(cold["median"], "%.2f") << " | " << number_or_dash(cold["iqr"], "%.2f")
        << " | " << cold["n"].get<long>() << " | "
        << (hot.contains("stats") ? number_or_dash(hot["stats"]["median"], "%.2f") : "—")
        << " | " << number_or_dash(c["achieved"]["GBps"], "%.0f") << " | "
        << (c["achieved"].contains("copy_fraction")
                ? number_or_dash(c["achieved"]["copy_fraction"], "%.1f%%", 100.0)
                : "—")
        << " |";
  } else {
    row << "— | — | — | — | — | — |";
  }
  if (!c["reason"].get<std::string>().empty()) row << " " << c["reason"].get<std::string>();
  return row.str();
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

}  // namespace

std::string render_log_entry(const json& record, const json& e, const std::string& record_link) {
  std::ostringstream o;
  o << "\n## " << record["started_utc"].get<std::string>() << " — " << e["id"].get<std::string>()
    << " — " << e["verdict"]["value"].get<std::string>() << "\n\n";
  if (!e["parent"].get<std::string>().empty())
    o << "- Parent: " << e["parent"].get<std::string>() << "\n";
  o << "- Hypothesis: " << e["hypothesis"].get<std::string>() << "\n"
    << "- Prediction: " << e["prediction"]["text"].get<std::string>() << "\n"
    << "- Verdict: " << e["verdict"]["value"].get<std::string>() << " — "
    << e["verdict"]["reason"].get<std::string>() << "\n"
    << "- Limits: " << e["limits"].get<std::string>() << "\n\n"
    << "| case | check | max abs err | torch fp32 err | cold median µs | IQR µs | n | hot µs "
       "| GB/s | % copy |\n"
    << "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& c : e["cases"]) o << case_row(c) << "\n";
  o << "\nEnvironment: " << environment_line(record) << ".  \n"
    << "Record: [" << record["run_id"].get<std::string>() << "](" << record_link << ")\n";
  return o.str();
}

std::string log_record_link(const std::string& records_dir, const std::string& log_path,
                            const std::string& run_id) {
  namespace fs = std::filesystem;
  const fs::path log_dir = fs::absolute(fs::path(log_path)).parent_path();
  return fs::relative(fs::absolute(fs::path(records_dir) / record_file_name(run_id)), log_dir).string();
}

std::string render_calibration_entry(const json& record, const std::string& record_link) {
  std::string text = "\n## " + record["started_utc"].get<std::string>() +
                     " — timing calibration\n\n| test | result | pass |\n|---|---|---|\n";
  for (const auto& [name, t] : record["calibration"].items()) {
    json shown = t;
    shown.erase("pass");
    shown.erase("stats_us");
    text += "| " + name + " | `" + shown.dump() + "` | " + (t["pass"].get<bool>() ? "yes" : "NO") +
            " |\n";
  }
  text += "\nRecord: [" + record["run_id"].get<std::string>() + "](" + record_link + ")\n";
  return text;
}

const std::string& log_header() {
  static const std::string header = kLogHeader;
  return header;
}

namespace {

// Writes all `size` bytes at `p`, retrying after signals; "" or what failed.
std::string write_all(int fd, const char* p, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, p, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return std::strerror(errno);
    }
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return "";
}

}  // namespace

void append_to_log(const std::string& log_path, const std::string& text) {
  int fd = -1;
  for (;;) {
    fd = ::open(log_path.c_str(), O_RDWR | O_CREAT | O_APPEND, 0644);
    if (fd < 0)
      throw std::runtime_error("cannot open " + log_path + ": " + std::strerror(errno) +
                               ". Fix: check the path is writable");
    if (::flock(fd, LOCK_EX) != 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      throw std::runtime_error("cannot lock " + log_path + ": " + why);
    }
    // `fuselab report` may have renamed a new log over this one while we
    // waited for the lock: then append to the new file instead.
    struct stat held {}, now {};
    if (::fstat(fd, &held) == 0 && ::stat(log_path.c_str(), &now) == 0 &&
        held.st_dev == now.st_dev && held.st_ino == now.st_ino)
      break;
    ::flock(fd, LOCK_UN);
    ::close(fd);
  }
  std::string all;
  if (::lseek(fd, 0, SEEK_END) == 0) all = kLogHeader;
  all += text;
  // In two halves: a crash between them (crash_point) leaves the partial
  // entry that `fuselab report` must repair.
  crash_point("log locked, nothing appended");
  const std::size_t half = all.size() / 2;
  std::string why = write_all(fd, all.data(), half);
  if (why.empty()) {
    crash_point("log entry half appended");
    why = write_all(fd, all.data() + half, all.size() - half);
  }
  if (!why.empty()) {
    ::flock(fd, LOCK_UN);
    ::close(fd);
    throw std::runtime_error("writing " + log_path + " failed: " + why);
  }
  ::flock(fd, LOCK_UN);
  ::close(fd);
}

}  // namespace fuselab
