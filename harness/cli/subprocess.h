// Running another program from fuselab (git, tar, a build script, another
// fuselab): argv is passed as is, never through a shell, so nothing needs
// quoting. Like system(), the caller ignores Ctrl-C while the program runs:
// the program stops, and the caller gets to clean up after it.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fuselab::cli {

struct Process {
  std::vector<std::string> argv;                            // argv[0] is looked up in PATH
  std::vector<std::pair<std::string, std::string>> env;     // set on top of this environment
  std::string cwd;          // empty: this process's working directory
  std::string output_file;  // stdout and stderr go to this file (created); empty: inherited
};

// Runs the program and waits for it: its exit code, or 128 + the signal that
// ended it. When `captured` is given, stdout and stderr are read into it
// instead (output_file is then ignored). Throws std::runtime_error when the
// program cannot be started.
int run_process(const Process& process, std::string* captured = nullptr);

// Several programs at once (`fuselab sweep`): start each, then poll or wait.
// Unlike run_process, start_process leaves SIGINT alone: hold an
// InterruptsIgnored while the programs run to behave as run_process does.
pid_t start_process(const Process& process);  // throws when it cannot start
std::optional<int> poll_process(pid_t pid);   // its exit code once it ended (reaped), else nothing
int wait_process(pid_t pid);                  // its exit code, or 128 + the signal that ended it

// While alive, this process ignores SIGINT and SIGQUIT (as system() does).
class InterruptsIgnored {
 public:
  InterruptsIgnored();
  ~InterruptsIgnored();
  InterruptsIgnored(const InterruptsIgnored&) = delete;
  InterruptsIgnored& operator=(const InterruptsIgnored&) = delete;

 private:
  void* held_;
};

// The command as a shell would read it, for messages: every word quoted.
std::string shell_words(const std::vector<std::string>& argv);

}  // namespace fuselab::cli
