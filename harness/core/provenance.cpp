#include "harness/core/provenance.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "harness/core/sha256.h"

namespace fuselab {

std::string command_output(const std::string& cmd, int* status) {
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) {
    *status = -1;
    return out;
  }
  std::array<char, 512> buf{};
  while (fgets(buf.data(), buf.size(), pipe)) out += buf.data();
  *status = pclose(pipe);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

namespace {

std::string utc_format(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

}  // namespace

std::string repository_root() {
  if (const char* env = std::getenv("FUSELAB_ROOT")) return env;
  return FUSELAB_SOURCE_DIR;
}

std::string utc_now_iso() { return utc_format("%Y-%m-%dT%H:%M:%SZ"); }

std::string new_run_id() {
  char host[64] = "host";
  gethostname(host, sizeof host - 1);
  std::string h;
  for (char ch : std::string(host).substr(0, 12))
    h += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '-';
  return utc_format("%Y%m%dT%H%M%SZ") + "-" + h + "-" + std::to_string(getpid());
}

nlohmann::json git_state(const std::string& root) {
  if (const char* commit = std::getenv("FUSELAB_GIT_COMMIT")) {
    // Set by scripts/device_run.sh, where the tree travels without .git.
    const char* dirty = std::getenv("FUSELAB_GIT_DIRTY");
    return {{"commit", commit}, {"dirty", dirty && dirty[0] == '1'}, {"source", "environment"}};
  }
  int status = 0;
  const std::string commit =
      command_output("git -C '" + root + "' rev-parse HEAD 2>/dev/null", &status);
  if (status != 0 || commit.empty()) return {{"commit", nullptr}, {"dirty", nullptr},
                                             {"source", "no git repository at " + root}};
  const std::string changes =
      command_output("git -C '" + root + "' status --porcelain --untracked-files=no 2>/dev/null",
                     &status);
  return {{"commit", commit}, {"dirty", !changes.empty()}, {"source", "git"}};
}

nlohmann::json build_info() {
  return {{"cxx_compiler", FUSELAB_CXX_COMPILER}, {"cuda_flags", FUSELAB_BUILD_FLAGS}};
}

std::string experiment_source_sha256(const Experiment& e, const std::string& root) {
  namespace fs = std::filesystem;
  Sha256 hash;
  // Its module (its own, or its design's) and its own kernel header.
  for (const fs::path& p : {fs::path(root) / "experiments" / (e.module() + ".cu"),
                            fs::path(root) / "kernels" / e.family / (e.version + ".cuh")}) {
    if (!fs::exists(p)) continue;
    std::ifstream in(p, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    hash.update(text.data(), text.size());
  }
  return hash.hex_digest();
}

}  // namespace fuselab
