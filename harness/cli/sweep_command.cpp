// `fuselab sweep TARGETS`: one `fuselab run TARGETS --shard I/N` per GPU of
// this host (each pinned with CUDA_VISIBLE_DEVICES, its output in a log of
// its own), a progress line per GPU, then the reports regenerated once. A
// shard that fails (a crash, exit 1, a timeout) is named with its log; the
// other shards' records are kept. With --slurm: the sbatch scripts of the
// same sweep (slurm_scripts.h), submitted unless --dry-run.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/cli/slurm_scripts.h"
#include "harness/cli/subprocess.h"
#include "harness/core/provenance.h"
#include "harness/core/run_record.h"

namespace fuselab::cli {
namespace {

namespace fs = std::filesystem;
using steady = std::chrono::steady_clock;

struct Device {
  std::string id;    // what CUDA_VISIBLE_DEVICES gets: an index or a UUID
  std::string name;  // for messages
};

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, sep)) {
    const auto a = item.find_first_not_of(" \t\r\n"), b = item.find_last_not_of(" \t\r\n");
    if (a != std::string::npos) out.push_back(item.substr(a, b - a + 1));
  }
  return out;
}

// The GPUs to sweep over: FUSELAB_SWEEP_DEVICES (tests: "0,1"), else the
// caller's CUDA_VISIBLE_DEVICES, else every GPU nvidia-smi lists. `why` says
// why there are none.
std::vector<Device> sweep_devices(std::string& why) {
  std::vector<Device> out;
  if (const char* injected = std::getenv("FUSELAB_SWEEP_DEVICES")) {
    for (const auto& id : split(injected, ',')) out.push_back({id, "GPU " + id + " (FUSELAB_SWEEP_DEVICES)"});
    if (out.empty()) why = "FUSELAB_SWEEP_DEVICES is empty";
    return out;
  }
  if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES")) {
    for (const auto& id : split(visible, ',')) out.push_back({id, "GPU " + id});
    if (out.empty()) why = "CUDA_VISIBLE_DEVICES is set and empty";
    return out;
  }
  std::string listing;
  int code = 0;
  try {
    code = run_process({{"nvidia-smi", "--query-gpu=index,name", "--format=csv,noheader"}, {}, "", ""}, &listing);
  } catch (const std::exception&) {
    why = "nvidia-smi is not on this machine";
    return out;
  }
  if (code != 0) {
    why = "nvidia-smi lists no GPU (exit " + std::to_string(code) + ")";
    return out;
  }
  for (const auto& line : split(listing, '\n')) {
    const auto fields = split(line, ',');
    if (fields.size() >= 2 && fields[0].find_first_not_of("0123456789") == std::string::npos)
      out.push_back({fields[0], "GPU " + fields[0] + " (" + fields[1] + ")"});
  }
  if (out.empty()) why = "nvidia-smi lists no GPU";
  return out;
}

std::string self_executable() {
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find this program's path (/proc/self/exe: " + ec.message() + ")");
  return p.string();
}

std::string absolute(const std::string& p) { return fs::absolute(p).lexically_normal().string(); }

// The binary and its global options, every path absolute.
std::vector<std::string> fuselab_argv(const Paths& paths) {
  return {self_executable(), "--root",       absolute(paths.root),      "--records-dir", absolute(paths.records_dir),
          "--log",           absolute(paths.log), "--references", absolute(paths.references)};
}

// What follows `run` for every shard, less --shard.
std::vector<std::string> run_argv(const RunArgs& a, const std::string& costs_before) {
  std::vector<std::string> out = a.targets;
  for (const auto& p : a.case_patterns) out.insert(out.end(), {"--case", p});
  if (a.quick) out.push_back("--quick");
  if (a.allocations > 0) out.insert(out.end(), {"--allocations", std::to_string(a.allocations)});
  out.push_back(a.paired ? "--paired" : "--unpaired");
  if (a.prediction_cases) out.push_back("--prediction-cases");
  if (a.settle_allocations >= 0) out.insert(out.end(), {"--settle-allocations", std::to_string(a.settle_allocations)});
  out.insert(out.end(), {"--costs-before", costs_before});
  return out;
}

std::vector<std::string> report_argv(const SweepArgs& a) {
  std::vector<std::string> out;
  if (!a.reports_dir.empty()) out.insert(out.end(), {"--reports-dir", absolute(a.reports_dir)});
  if (a.no_plots) out.push_back("--no-plots");
  return out;
}

std::string compact(const std::string& iso) {  // 2026-11-27T19:02:03Z -> 20261127T190203Z
  std::string out;
  for (char c : iso)
    if (c != '-' && c != ':') out += c;
  return out;
}

std::string exit_text(int code, bool timed_out, double timeout_s) {
  if (timed_out) return "timed out after " + std::to_string(int(timeout_s)) + " s, stopped,";
  switch (code) {
    case 0: return "done";
    case 1: return "exit 1: a check failed, a verdict is INVALID or a device fault ended the run";
    case 2: return "exit 2: bad input";
    case 3: return "exit 3: no CUDA GPU visible to it";
    default: break;
  }
  if (code > 128) return "killed by signal " + std::to_string(code - 128) + " (" + strsignal(code - 128) + ")";
  return "exit " + std::to_string(code);
}

// The last non-empty line of a log, shortened.
std::string last_line(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last.size() > 140 ? last.substr(0, 137) + "..." : last;
}

// The run records a shard process wrote: run ids end in "-<pid>" and start
// no earlier than the sweep.
std::vector<std::string> records_of(const std::string& records_dir, pid_t pid, const std::string& since_compact) {
  std::vector<std::string> out;
  const std::string tail = "-" + std::to_string(pid);
  std::error_code ec;
  if (!fs::is_directory(records_dir, ec)) return out;
  for (const auto& [run_id, path] : record_files_in(records_dir))
    if (run_id.size() > tail.size() && run_id.compare(run_id.size() - tail.size(), tail.size(), tail) == 0 &&
        run_id.substr(0, since_compact.size()) >= since_compact)
      out.push_back(run_id);
  std::sort(out.begin(), out.end());
  return out;
}

struct Shard {
  int index = 0;
  std::vector<std::string> argv;
  Device device;
  std::string log;
  pid_t pid = -1;
  steady::time_point started;
  std::optional<int> code;
  bool timed_out = false;
  bool term_sent = false;
  steady::time_point term_at;
  double seconds = 0;
};

int submit_slurm(const Paths& paths, const SweepArgs& args, const std::string& stamp, const std::string& logs) {
  if (args.shards < 1)
    throw std::runtime_error("--slurm needs --shards N (N >= 1): one array task runs one shard on one GPU");
  if (args.gpus_per_task != 1)
    throw std::runtime_error("--gpus-per-task " + std::to_string(args.gpus_per_task) +
                             ": a shard times on one GPU. Fix: --gpus-per-task 1, and more GPUs through more "
                             "shards (--shards N)");
  SlurmSweep s;
  s.fuselab = fuselab_argv(paths);
  s.run_args = run_argv(args.run, stamp);
  s.report_args = report_argv(args);
  s.shards = args.shards;
  s.gpus_per_task = args.gpus_per_task;
  s.partition = args.partition;
  s.time_limit = args.time_limit;
  s.logs_dir = logs;
  s.stamp = stamp;
  fs::create_directories(logs);
  write_file_atomically(logs, "shards.sbatch", shards_script(s));
  write_file_atomically(logs, "report.sbatch", report_script(s));
  const std::string shards_file = logs + "/shards.sbatch", report_file = logs + "/report.sbatch";
  if (args.dry_run) {
    std::cout << "# " << shards_file << "\n" << shards_script(s) << "\n# " << report_file << "\n"
              << report_script(s) << "\n# to submit:\n"
              << "#   job=$(sbatch --parsable " << shards_file << ")\n"
              << "#   sbatch --parsable --dependency=afterok:${job%%;*} " << report_file << "\n";
    spdlog::info("--dry-run: wrote {} and {}; nothing submitted", shards_file, report_file);
    return exit_code::kOk;
  }
  auto sbatch = [&](std::vector<std::string> argv, const std::string& what) {
    std::string out;
    int code = 0;
    try {
      code = run_process({argv, {}, "", ""}, &out);
    } catch (const std::exception&) {
      throw std::runtime_error("sbatch is not on PATH: --slurm submits through Slurm. Fix: run this on a Slurm "
                               "login node, or add --dry-run to write the scripts only (" + logs + ")");
    }
    const auto lines = split(out, '\n');
    if (code != 0 || lines.empty())
      throw std::runtime_error("Slurm refused " + what + " (sbatch exit " + std::to_string(code) + "): " +
                               (lines.empty() ? std::string("no output") : lines.back()) +
                               ". Fix: check --partition, --time and the GPU request against `sinfo`; the "
                               "scripts are in " + logs);
    return lines.back().substr(0, lines.back().find(';'));
  };
  const std::string job = sbatch({"sbatch", "--parsable", shards_file}, "the shard array");
  const std::string report_job =
      sbatch({"sbatch", "--parsable", "--dependency=afterok:" + job, report_file}, "the report job");
  spdlog::info("submitted: shard array {} ({} tasks, logs {}/shard-*-of-{}.log); report job {} after every "
               "shard succeeded", job, args.shards, logs, args.shards, report_job);
  return exit_code::kOk;
}

}  // namespace

int cmd_sweep(const Paths& paths, const SweepArgs& args) {
  // Bad targets or --case are refused here, once, not by every shard.
  const auto experiments = resolve_targets(paths.root, args.run.targets);
  refuse_patterns_matching_nothing(paths.root, experiments, args.run.case_patterns);
  const std::string stamp = utc_now_iso();
  const std::string logs =
      absolute(args.logs_dir.empty() ? paths.root + "/build/sweep-logs/" + compact(stamp) : args.logs_dir);
  if (args.slurm) return submit_slurm(paths, args, stamp, logs);

  std::string why;
  const std::vector<Device> devices = sweep_devices(why);
  if (devices.empty()) {
    spdlog::error("no GPU to sweep over: {}. Fix: run on a machine with GPUs, or `fuselab sweep … --slurm` on a "
                  "cluster's login node; one process without a GPU: `fuselab run attention/v900_cpu_reference`",
                  why);
    return exit_code::kNoGpu;
  }
  fs::create_directories(logs);
  fs::create_directories(paths.records_dir);
  const int n = static_cast<int>(devices.size());
  const std::vector<std::string> base = fuselab_argv(paths);
  const std::vector<std::string> tail = run_argv(args.run, stamp);
  std::vector<Shard> shards(n);
  int status = exit_code::kOk;
  {
    InterruptsIgnored ignore;  // Ctrl-C stops the shards; the sweep reports them and keeps what they wrote
    if (n > 1 && !args.alone)
      spdlog::info("{} shards run side by side, one per GPU. On one host of three, a 12 µs launch measured 13 % "
                   "slower while the neighbouring GPU worked; from 21 µs up, within 2 % on all (notes of 2026-11-27 "
                   "22:40 and 2026-11-28 00:40). --alone runs one shard at a time, each GPU with no neighbour", n);
    auto start = [&](int i) {
      Shard& s = shards[i];
      s.index = i;
      s.device = devices[i];
      s.log = logs + "/shard-" + std::to_string(i) + "-of-" + std::to_string(n) + ".log";
      std::vector<std::string> argv = base;
      argv.push_back("run");
      argv.insert(argv.end(), tail.begin(), tail.end());
      argv.insert(argv.end(), {"--shard", std::to_string(i) + "/" + std::to_string(n)});
      std::vector<std::pair<std::string, std::string>> env = {{"CUDA_VISIBLE_DEVICES", s.device.id}};
      if (!std::getenv("CUDA_DEVICE_ORDER")) env.push_back({"CUDA_DEVICE_ORDER", "PCI_BUS_ID"});  // nvidia-smi's
      s.started = steady::now();
      s.argv = argv;
      s.pid = start_process({argv, env, "", s.log});
      spdlog::info("shard {}/{} on {}: started (pid {}), log {}", i, n, s.device.name, s.pid, s.log);
    };
    int started = 0;
    for (; started < (args.alone ? 1 : n); ++started) start(started);
    auto last_progress = steady::now();
    for (int running = n; running > 0;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const auto now = steady::now();
      if (args.alone && started < n && shards[started - 1].code) start(started++);
      for (Shard& s : shards) {
        if (s.code || s.pid < 0) continue;  // ended, or (--alone) not started yet
        const double age = std::chrono::duration<double>(now - s.started).count();
        if (args.shard_timeout_s > 0 && age > args.shard_timeout_s && !s.term_sent) {
          spdlog::warn("shard {}/{} on {}: past --shard-timeout {} s, stopping it", s.index, n, s.device.name,
                       args.shard_timeout_s);
          kill(s.pid, SIGTERM);
          s.timed_out = s.term_sent = true;
          s.term_at = now;
        } else if (s.term_sent && std::chrono::duration<double>(now - s.term_at).count() > 10) {
          kill(s.pid, SIGKILL);
        }
        s.code = poll_process(s.pid);
        if (!s.code) continue;
        --running;
        s.seconds = age;
        const auto ids = records_of(paths.records_dir, s.pid, compact(stamp));
        const bool ok = *s.code == 0 && !s.timed_out;
        spdlog::log(ok ? spdlog::level::info : spdlog::level::err, "shard {}/{} on {}: {} after {:.0f} s, {} record(s){}; log {}",
                    s.index, n, s.device.name, exit_text(*s.code, s.timed_out, args.shard_timeout_s), age,
                    ids.size(), ids.empty() ? "" : " (" + ids.front() + (ids.size() > 1 ? " …" : "") + ")", s.log);
      }
      if (args.progress_every_s > 0 &&
          std::chrono::duration<double>(now - last_progress).count() >= args.progress_every_s) {
        last_progress = now;
        for (const Shard& s : shards)
          if (!s.code && s.pid >= 0)
            spdlog::info("shard {}/{} on {}: running {:.0f} s: {}", s.index, n, s.device.name,
                         std::chrono::duration<double>(now - s.started).count(), last_line(s.log));
      }
    }
  }
  std::vector<const Shard*> failed;
  for (const Shard& s : shards)
    if (*s.code != 0 || s.timed_out) failed.push_back(&s);
  for (const Shard* s : failed) {
    spdlog::error("FAILED: shard {}/{} on {}: {}; log {}", s->index, n, s->device.name,
                  exit_text(*s->code, s->timed_out, args.shard_timeout_s), s->log);
    spdlog::error("  to rerun it alone (same plan): CUDA_VISIBLE_DEVICES={} {}", s->device.id, shell_words(s->argv));
    status = exit_code::kFailed;
  }
  if (!failed.empty())
    spdlog::warn("{} of {} shard(s) failed; every record written is kept (in {}), and the reports below include "
                 "them. Fix: read the log named above, then rerun the shard with the command above",
                 failed.size(), n, paths.records_dir);
  spdlog::info("sweep: {} shard(s) on {} GPU(s), {} failed; regenerating the reports once", n, n, failed.size());
  ReportArgs report;
  report.reports_dir = args.reports_dir;
  report.no_plots = args.no_plots;
  try {
    const int r = cmd_report(paths, report);
    if (r != exit_code::kOk) status = r;
  } catch (const std::exception& e) {
    spdlog::error("the report after the sweep failed: {}", e.what());
    status = exit_code::kFailed;
  }
  return status;
}

}  // namespace fuselab::cli
