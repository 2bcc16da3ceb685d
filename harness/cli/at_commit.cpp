#include "harness/cli/at_commit.h"

#include <stdlib.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <regex>
#include <stdexcept>
#include <utility>

#include "harness/cli/subprocess.h"

namespace fuselab::cli {
namespace {

namespace fs = std::filesystem;

std::string trimmed(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  const auto first = s.find_first_not_of(" \t");
  return first == std::string::npos ? "" : s.substr(first);
}

std::string absolute(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

// The commit's registry may differ from this build's: nothing is resolved here.
void require_exact_ids(const std::vector<std::string>& targets) {
  static const std::regex exact_id("[a-z0-9_]+/v[0-9]{3}_[a-z0-9_]+");
  for (const auto& t : targets)
    if (!std::regex_match(t, exact_id))
      throw std::runtime_error(
          "'" + t + "' is not an exact id, and --at needs exact ids (family/vNNN_slug): the commit's "
          "registry may differ from this build's, so families, globs, family/vN and `all` are not "
          "resolved. Fix: name each version in full, e.g. attention/v900_cpu_reference");
}

// --- the outputs, checked before any build -----------------------------------

// Why the folder `dir` (made if missing) cannot take new files; empty if it can.
std::string unwritable_folder(const fs::path& dir) {
  fs::path p = dir;
  while (!fs::exists(p) && p.has_parent_path() && p != p.parent_path()) p = p.parent_path();
  if (!fs::is_directory(p)) return p.string() + " is not a folder";
  if (::access(p.c_str(), W_OK | X_OK) != 0) return p.string() + " is not writable";
  return "";
}

void require_writable_outputs(const Paths& paths) {
  const fs::path records = absolute(paths.records_dir);
  if (const std::string why = unwritable_folder(records); !why.empty())
    throw std::runtime_error("the records folder " + records.string() + " cannot be written (" + why +
                             "). Fix: pass a writable --records-dir (checked before the build)");
  const fs::path log = absolute(paths.log);
  std::string why;
  if (fs::exists(log)) {
    if (!fs::is_regular_file(log) || ::access(log.c_str(), W_OK) != 0) why = "not a writable file";
  } else if (!fs::is_directory(log.parent_path())) {
    why = "its folder does not exist";
  } else if (::access(log.parent_path().c_str(), W_OK | X_OK) != 0) {
    why = "its folder is not writable";
  }
  if (!why.empty())
    throw std::runtime_error("the log " + log.string() + " cannot be written (" + why +
                             "). Fix: pass a writable --log (checked before the build)");
}

// --- temporary files -----------------------------------------------------------

fs::path make_temp_dir(const std::string& prefix) {
  std::string tmpl = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (!::mkdtemp(tmpl.data()))
    throw std::runtime_error("cannot make a temporary folder " + tmpl +
                             ". Fix: check TMPDIR (or /tmp) is writable");
  return tmpl;
}

fs::path make_temp_file(const std::string& prefix, const std::string& suffix) {
  std::string tmpl = (fs::temp_directory_path() / (prefix + "-XXXXXX" + suffix)).string();
  const int fd = ::mkstemps(tmpl.data(), static_cast<int>(suffix.size()));
  if (fd < 0)
    throw std::runtime_error("cannot make a temporary file " + tmpl +
                             ". Fix: check TMPDIR (or /tmp) is writable");
  ::close(fd);
  return tmpl;
}

// --- the source tree of the commit ---------------------------------------------

int git(const std::string& root, const std::vector<std::string>& args, std::string* output) {
  Process p;
  p.argv = {"git", "-C", root};
  p.argv.insert(p.argv.end(), args.begin(), args.end());
  try {
    return run_process(p, output);
  } catch (const std::runtime_error&) {
    return 127;  // no git: as if the repository were not there
  }
}

// The full sha of `commit` in the repository whose top folder is `root`.
std::optional<std::string> git_commit_sha(const std::string& root, const std::string& commit) {
  std::string out;
  // Only the repository at root itself: not one that holds root further up.
  if (git(root, {"rev-parse", "--show-toplevel"}, &out) != 0) return std::nullopt;
  std::error_code ec;
  if (!fs::equivalent(trimmed(out), root, ec)) return std::nullopt;
  if (git(root, {"cat-file", "-e", commit + "^{commit}"}, &out) != 0) return std::nullopt;
  if (git(root, {"rev-parse", "--verify", commit + "^{commit}"}, &out) != 0) return std::nullopt;
  return trimmed(out);
}

// ROOT/.source-archives/<commit>*.tar.gz (scripts/source_archive.sh names them <full sha>.tar.gz).
std::vector<fs::path> source_archives(const std::string& root, const std::string& commit) {
  static const std::regex hex("[0-9a-fA-F]{4,40}");
  std::vector<fs::path> out;
  const fs::path dir = fs::path(root) / ".source-archives";
  if (!std::regex_match(commit, hex) || !fs::is_directory(dir)) return out;
  std::string prefix = commit;
  std::transform(prefix.begin(), prefix.end(), prefix.begin(), ::tolower);
  static const std::regex archive_name("[0-9a-f]{40}\\.tar\\.gz");
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, archive_name) && name.rfind(prefix, 0) == 0) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A temporary source tree of one commit: a git worktree or an extracted
// source archive, removed (and the worktree pruned) with the object.
class SourceTree {
 public:
  static std::unique_ptr<SourceTree> make(const std::string& root, const std::string& commit) {
    if (const auto sha = git_commit_sha(root, commit)) {
      std::unique_ptr<SourceTree> tree(new SourceTree(root, *sha, true));
      std::string out;
      if (git(root, {"worktree", "add", "--detach", tree->dir_.string(), *sha}, &out) != 0)
        throw std::runtime_error("cannot make a git worktree of " + *sha + " at " + tree->dir_.string() +
                                 ": " + trimmed(out) + ". Fix: see `git worktree list` in " + root);
      return tree;
    }
    const auto archives = source_archives(root, commit);
    if (archives.size() > 1)
      throw std::runtime_error("'" + commit + "' names " + std::to_string(archives.size()) +
                               " source archives in " + root +
                               "/.source-archives. Fix: give more digits of the commit");
    if (archives.empty())
      throw std::runtime_error(
          "commit '" + commit + "' is not in the repository at " + root +
          " and no source archive holds it (" + root + "/.source-archives/" + commit +
          "*.tar.gz). Fix: name a commit of `git log`, or make its archive with "
          "scripts/source_archive.sh " + commit + " where the repository is");
    const std::string sha = archives[0].filename().string().substr(0, 40);
    std::unique_ptr<SourceTree> tree(new SourceTree(root, sha, false));
    Process tar;
    tar.argv = {"tar", "-xzf", archives[0].string(), "-C", tree->dir_.string()};
    std::string out;
    if (run_process(tar, &out) != 0)
      throw std::runtime_error("cannot extract " + archives[0].string() + ": " + trimmed(out) +
                               ". Fix: make it again with scripts/source_archive.sh " + sha);
    return tree;
  }

  ~SourceTree() {
    std::string out;
    if (worktree_) git(root_, {"worktree", "remove", "--force", dir_.string()}, &out);
    std::error_code ec;
    fs::remove_all(dir_, ec);
    if (worktree_) git(root_, {"worktree", "prune"}, &out);  // also where remove failed
  }
  SourceTree(const SourceTree&) = delete;
  SourceTree& operator=(const SourceTree&) = delete;

  const fs::path& dir() const { return dir_; }
  const std::string& sha() const { return sha_; }
  std::string short_sha() const { return sha_.substr(0, 12); }

 private:
  SourceTree(std::string root, std::string sha, bool worktree)
      : root_(std::move(root)), sha_(std::move(sha)), worktree_(worktree),
        dir_(make_temp_dir("fuselab-at-" + sha_.substr(0, 12))) {}

  std::string root_;
  std::string sha_;
  bool worktree_;
  fs::path dir_;
};

// --- the build -------------------------------------------------------------------

bool mentions_fuselab_only(const fs::path& cmake_lists) {
  std::ifstream in(cmake_lists);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text.find("FUSELAB_ONLY") != std::string::npos;
}

// The compiler's first error: the first line saying "error" as a word, make's
// progress lines ("[ 12%] Building ... error_report.cpp.o") aside.
std::string first_error_line(const fs::path& log) {
  static const std::regex error_word("\\berror\\b", std::regex::icase);
  static const std::regex progress("^\\[ *[0-9]+%\\].*");
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, progress) || !std::regex_search(line, error_word)) continue;
    line = trimmed(line);
    return line.size() > 300 ? line.substr(0, 300) + "…" : line;
  }
  return "";
}

std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

// Builds the tree (only `ids` where the commit knows FUSELAB_ONLY) and returns
// its fuselab. The build's output goes to a log file, kept when it fails.
fs::path build(const SourceTree& tree, const std::vector<std::string>& ids) {
  const fs::path script = tree.dir() / "scripts" / "build.sh";
  if (!fs::exists(script))
    throw std::runtime_error("commit " + tree.short_sha() +
                             " has no scripts/build.sh, so fuselab cannot build it. Fix: pick a "
                             "later commit");
  Process p;
  p.argv = {script.string()};
  p.cwd = tree.dir().string();
  p.env = {{"BUILD_DIR", (tree.dir() / "build").string()}};
  if (mentions_fuselab_only(tree.dir() / "CMakeLists.txt")) {
    p.env.emplace_back("FUSELAB_ONLY", join(ids, ";"));
  } else {
    p.env.emplace_back("FUSELAB_ONLY", "");
    spdlog::warn("commit {} predates FUSELAB_ONLY: building every experiment of it, which is slow "
                 "(40+ minutes on 2 cores)", tree.short_sha());
  }
  const fs::path log = make_temp_file("fuselab-at-" + tree.short_sha() + "-build", ".log");
  p.output_file = log.string();
  spdlog::info("building {} at commit {} in {} (output: {})", join(ids, " "), tree.short_sha(),
               tree.dir().string(), log.string());
  const auto start = std::chrono::steady_clock::now();
  const int status = run_process(p);
  if (status != 0) {
    const std::string line = first_error_line(log);
    throw std::runtime_error(
        "the build of commit " + tree.short_sha() + " failed (exit " + std::to_string(status) + "): " +
        (line.empty() ? "no line of its output says error" : "\"" + line + "\"") +
        ". Fix: read the build's whole output, kept in " + log.string() +
        "; nothing was run or written");
  }
  std::error_code ec;
  fs::remove(log, ec);
  const fs::path fuselab = tree.dir() / "build" / "harness" / "cli" / "fuselab";
  if (!fs::exists(fuselab))
    throw std::runtime_error("the build of commit " + tree.short_sha() + " made no " + fuselab.string() +
                             ". Fix: pick a commit whose scripts/build.sh builds fuselab there");
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
  spdlog::info("built commit {} in {} s", tree.short_sha(), seconds.count());
  return fuselab;
}

// --- the run -----------------------------------------------------------------------

// Whether that build's `run --help` lists the option.
bool knows_option(const fs::path& fuselab, const std::string& option) {
  std::string help;
  run_process({{fuselab.string(), "run", "--help"}, {}, "", ""}, &help);
  return help.find(option) != std::string::npos;
}

std::vector<std::string> run_argv(const fs::path& fuselab, const Paths& paths, const RunArgs& args) {
  std::vector<std::string> argv = {fuselab.string(),         "--records-dir", absolute(paths.records_dir),
                                   "--log",                  absolute(paths.log),
                                   "--references",           absolute(paths.references),
                                   "run"};
  argv.insert(argv.end(), args.targets.begin(), args.targets.end());
  for (const auto& pattern : args.case_patterns) argv.insert(argv.end(), {"--case", pattern});
  if (args.quick) argv.push_back("--quick");
  // Only what a commit from before an option need not know: --allocations
  // where not 1; --paired where paired (commits before 2026-11-26 refuse it);
  // unpaired, --unpaired only to a build that knows it (before it, unpaired
  // was the default); --prediction-cases where asked.
  const int allocations = resolved_allocations(args);
  if (allocations != 1) argv.insert(argv.end(), {"--allocations", std::to_string(allocations)});
  if (args.paired) argv.push_back("--paired");
  if (!args.paired && knows_option(fuselab, "--unpaired")) argv.push_back("--unpaired");
  if (args.prediction_cases) argv.push_back("--prediction-cases");
  // --settle-allocations: a build before it never settled, as 0 asks.
  const int settle = resolved_settle_allocations(args);
  if (args.paired && knows_option(fuselab, "--settle-allocations"))
    argv.insert(argv.end(), {"--settle-allocations", std::to_string(settle)});
  else if (settle > 0)
    spdlog::warn("the build at this commit does not know --settle-allocations: it pairs no case again");
  return argv;
}

}  // namespace

int run_at_commit(const Paths& paths, const RunArgs& args, const std::string& commit,
                  std::vector<std::string>* recorded_command) {
  require_exact_ids(args.targets);
  require_writable_outputs(paths);
  const std::unique_ptr<SourceTree> tree = SourceTree::make(paths.root, commit);
  const fs::path fuselab = build(*tree, args.targets);

  Process run;
  run.argv = run_argv(fuselab, paths, args);
  run.cwd = tree->dir().string();
  run.env = {{"FUSELAB_GIT_COMMIT", tree->sha()}, {"FUSELAB_GIT_DIRTY", "0"},
             {"FUSELAB_ROOT", tree->dir().string()}};
  spdlog::info("running at commit {}: {}", tree->short_sha(), shell_words(run.argv));
  if (recorded_command) *recorded_command = run.argv;
  return run_process(run);
}

}  // namespace fuselab::cli
