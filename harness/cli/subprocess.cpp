#include "harness/cli/subprocess.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

extern char** environ;

namespace fuselab::cli {
namespace {

// This environment with `overrides` set on top, as "KEY=VALUE" strings.
std::vector<std::string> environment_with(
    const std::vector<std::pair<std::string, std::string>>& overrides) {
  std::vector<std::string> out;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const std::string key = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [k, v] : overrides) replaced |= k == key;
    if (!replaced) out.push_back(entry);
  }
  for (const auto& [k, v] : overrides) out.push_back(k + "=" + v);
  return out;
}

std::vector<char*> c_strings(std::vector<std::string>& words) {
  std::vector<char*> out;
  for (auto& w : words) out.push_back(w.data());
  out.push_back(nullptr);
  return out;
}

// Ignores SIGINT and SIGQUIT while alive, as system() does.
class IgnoreInterrupts {
 public:
  IgnoreInterrupts() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &old_int_);
    sigaction(SIGQUIT, &ignore, &old_quit_);
  }
  ~IgnoreInterrupts() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGQUIT, &old_quit_, nullptr);
  }
  IgnoreInterrupts(const IgnoreInterrupts&) = delete;
  IgnoreInterrupts& operator=(const IgnoreInterrupts&) = delete;

 private:
  struct sigaction old_int_ {}, old_quit_ {};
};

int exit_code_of(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
  return 128;
}

}  // namespace

std::string shell_words(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& word : argv) {
    if (!out.empty()) out += ' ';
    std::string quoted = "'";
    for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += quoted + "'";
  }
  return out;
}

namespace {

// Starts the program (its output to `out_fd` when >= 0); throws when it cannot.
pid_t spawn(const Process& process, int out_fd, int close_on_error) {
  if (process.argv.empty()) throw std::logic_error("run_process: no program");
  std::vector<std::string> args = process.argv;
  std::vector<std::string> env = environment_with(process.env);
  std::vector<char*> argv = c_strings(args);
  std::vector<char*> envp = c_strings(env);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (out_fd >= 0) {
    posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out_fd, STDERR_FILENO);
  }
  if (!process.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, process.cwd.c_str());
  // The program gets the default SIGINT and SIGQUIT handling back.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);

  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  spdlog::default_logger()->flush();

  pid_t pid = -1;
  const int spawn_error = posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (out_fd >= 0) ::close(out_fd);
  if (spawn_error != 0) {
    if (close_on_error >= 0) ::close(close_on_error);
    throw std::runtime_error("cannot run " + process.argv[0] + ": " + std::strerror(spawn_error) +
                             ". Fix: check it is installed and on PATH");
  }
  return pid;
}

int open_output_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno) +
                             ". Fix: check the folder is writable");
  return fd;
}

}  // namespace

InterruptsIgnored::InterruptsIgnored() : held_(new IgnoreInterrupts) {}
InterruptsIgnored::~InterruptsIgnored() { delete static_cast<IgnoreInterrupts*>(held_); }

pid_t start_process(const Process& process) {
  const int out_fd = process.output_file.empty() ? -1 : open_output_file(process.output_file);
  return spawn(process, out_fd, -1);
}

std::optional<int> poll_process(pid_t pid) {
  int status = 0;
  pid_t got;
  while ((got = waitpid(pid, &status, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (got == 0) return std::nullopt;
  if (got < 0) return 128;  // not our child any more: treated as lost
  return exit_code_of(status);
}

int wait_process(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return exit_code_of(status);
}

int run_process(const Process& process, std::string* captured) {
  if (process.argv.empty()) throw std::logic_error("run_process: no program");
  // Where the program's output goes: a pipe, a file, or ours.
  int pipe_fds[2] = {-1, -1};
  int out_fd = -1;
  if (captured) {
    if (pipe2(pipe_fds, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
    out_fd = pipe_fds[1];
  } else if (!process.output_file.empty()) {
    out_fd = open_output_file(process.output_file);
  }
  IgnoreInterrupts ignore;
  const pid_t pid = spawn(process, out_fd, captured ? pipe_fds[0] : -1);
  if (captured) {
    captured->clear();
    char buf[4096];
    for (;;) {
      const ssize_t n = ::read(pipe_fds[0], buf, sizeof buf);
      if (n > 0) captured->append(buf, static_cast<std::size_t>(n));
      else if (n == 0 || errno != EINTR) break;
    }
    ::close(pipe_fds[0]);
  }
  return wait_process(pid);
}

}  // namespace fuselab::cli
