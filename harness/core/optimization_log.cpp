#include "harness/core/optimization_log.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "harness/core/crash_point.h"
#include "harness/core/log_entry.h"
#include "harness/core/record_format.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

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

std::string relative_to(const fs::path& to, const fs::path& from_dir) {
  return fs::relative(fs::absolute(to), fs::absolute(from_dir)).string();
}

}  // namespace

std::string log_entries_dir(const std::string& log_path) {
  return (fs::absolute(fs::path(log_path)).parent_path() / "reports" / "log").string();
}

std::string log_day(const std::string& key) {
  bool dated = key.size() >= 9 && key[8] == 'T';
  for (int i = 0; dated && i < 8; ++i) dated = std::isdigit(static_cast<unsigned char>(key[i]));
  if (!dated)
    throw std::runtime_error("`" + key + "` does not start with a UTC stamp (YYYYMMDDT...), so it has no day in the "
                             "log. Fix: name run records and notes by their UTC stamp, as `fuselab run` does");
  return key.substr(0, 4) + "-" + key.substr(4, 2) + "-" + key.substr(6, 2);
}

std::string log_day_file(const std::string& log_path, const std::string& day) {
  return (fs::path(log_entries_dir(log_path)) / (day + ".md")).string();
}

std::string log_day_header(const std::string& day, const std::string& front_page_link) {
  return "# fuselab log, " + day +
         "\n\nThe entries of " + day +
         " (UTC): each run's environment and record, then one entry per experiment; calibrations; the "
         "hand-written notes of the day, linked. Appended by `fuselab run` and `fuselab calibrate`, regenerated "
         "from the run records and notes by `fuselab report --rebuild-log`: do not edit by hand. The notebook's "
         "front page is [" + fs::path(front_page_link).filename().string() + "](" + front_page_link + ").\n";
}

std::string log_record_link(const std::string& records_dir, const std::string& from_dir, const std::string& run_id) {
  return relative_to(fs::path(records_dir) / record_file_name(run_id), from_dir);
}

void append_to_log(const std::string& path, const std::string& header, const std::string& entries) {
  int fd = -1;
  struct stat held {};
  for (;;) {
    fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND, 0644);
    if (fd < 0)
      throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno) +
                               ". Fix: check the path is writable");
    if (::flock(fd, LOCK_EX) != 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      throw std::runtime_error("cannot lock " + path + ": " + why);
    }
    // `fuselab report` may have renamed a new file over this one while we
    // waited for the lock: then append to the new file instead.
    struct stat now {};
    if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino)
      break;
    ::flock(fd, LOCK_UN);
    ::close(fd);
  }
  const std::string all = (held.st_size == 0 ? header : std::string()) + entries;  // held: as locked
  std::string why;
  // In two halves: a crash between them (crash_point) leaves the partial
  // entry that `fuselab report` must repair.
  crash_point("log locked, nothing appended");
  const std::size_t half = all.size() / 2;
  why = write_all(fd, all.data(), half);
  if (why.empty()) {
    crash_point("log entry half appended");
    why = write_all(fd, all.data() + half, all.size() - half);
  }
  ::flock(fd, LOCK_UN);
  ::close(fd);
  if (!why.empty()) throw std::runtime_error("writing " + path + " failed: " + why);
}

void log_record(const std::string& log_path, const std::string& records_dir, const nlohmann::json& record) {
  const std::string run_id = record["run_id"].get<std::string>();
  const std::string day = log_day(run_id);
  const fs::path dir = log_entries_dir(log_path);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw std::runtime_error("cannot create the log's folder " + dir.string() + " (" + ec.message() +
                             "). Fix: make the folder of --log writable");
  const std::string link = log_record_link(records_dir, dir.string(), run_id);
  const bool calibration = record.value("kind", std::string()) == "calibration";
  append_to_log(log_day_file(log_path, day), log_day_header(day, relative_to(log_path, dir)),
                calibration ? render_calibration_entry(record, link) : render_run_entries(record, link));
}

}  // namespace fuselab
