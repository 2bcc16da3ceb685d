// A campaign of bad inputs (issue 42): thousands of deterministic mutations
// (fixed seeds, splitmix64) of the real input files, each fed to the library
// function the fuselab commands read that kind of file with. Every read must
// either pass (the mutation was harmless) or throw a std::runtime_error (or a
// class derived from it) whose message names the mutated file and says "Fix:"
// (every refusal of these readers does). Anything else fails the test: another
// exception type escaping (nlohmann, yaml-cpp, HDF5), a message that does not
// name the file, a crash, a hang (a watchdog per reader, the ctest TIMEOUT, and
// a time limit per read where it runs in a child process), an HDF5 handle left
// open, or a file other than the mutated copy changed. Everything is written
// under scratch_dir(); the committed originals are only read.
//
// One TEST per reader; each prints its counts, and the program the totals:
//   bad-input campaign: N inputs, R refused cleanly, P passed harmlessly, 0 crashes
// An "input" is one read of one mutated file: a reference file is read with
// the MANIFEST checksum on and off (so that HDF5's parsing and the loader's
// shape/dtype checks themselves run), a run record as `fuselab report` reads
// it and as `fuselab compare` does.
//
// FUSELAB_CAMPAIGN_TRACE=1 prints each input before it is read;
// FUSELAB_CAMPAIGN_ISOLATE=1 reads every input in a child process, listing all
// that crash instead of stopping at the first (a process that dies in-process
// names its input on stderr).
#include <H5Cpp.h>
#include <gtest/gtest.h>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <typeinfo>
#include <vector>

#include "harness/core/archive_index.h"
#include "harness/core/cases_file.h"
#include "harness/core/hdf5_reader.h"
#include "harness/core/record_index.h"
#include "harness/core/reference_case.h"
#include "harness/core/report_records.h"
#include "harness/core/run_record.h"
#include "harness/core/targets_file.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// ---------------------------------------------------------------- plumbing

// splitmix64: a fixed seed gives the same campaign on every machine.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

 private:
  uint64_t state_;
};

struct Mutant {
  std::string label;
  std::string bytes;
};

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  if (!out) throw std::runtime_error("test: cannot write " + path.string());
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// The counts of one reader, kept for the summary printed at exit.
struct Tally {
  std::string reader;
  long files = 0;    // distinct mutated files
  long inputs = 0;   // reads of them
  long refused = 0;  // refused cleanly
  long passed = 0;   // passed harmlessly
  long crashes = 0;  // a read in a child process that died or hung (each also an ADD_FAILURE)
  long wrong = 0;    // anything else (each also an ADD_FAILURE)
};

std::vector<Tally>& tallies() {
  static std::vector<Tally> all;
  return all;
}

std::string counts_line(const std::string& prefix, const Tally& t) {
  std::string line = prefix + std::to_string(t.inputs) + " inputs, " + std::to_string(t.refused) +
                     " refused cleanly, " + std::to_string(t.passed) + " passed harmlessly, " +
                     std::to_string(t.crashes) + " crashes";
  if (t.wrong) line += ", and " + std::to_string(t.wrong) + " FAILED otherwise (see the test's failures)";
  return line;
}

// Prints every reader's line, then the totals, when the test program ends.
class CampaignSummary : public ::testing::Environment {
 public:
  void TearDown() override {
    if (tallies().empty()) return;
    Tally total;
    for (const Tally& t : tallies()) {
      std::printf("%s\n", counts_line("bad-input campaign, " + t.reader + " (" + std::to_string(t.files) +
                                          " mutated files): ",
                                      t)
                              .c_str());
      total.files += t.files;
      total.inputs += t.inputs;
      total.refused += t.refused;
      total.passed += t.passed;
      total.crashes += t.crashes;
      total.wrong += t.wrong;
    }
    std::printf("%s\n", counts_line("bad-input campaign: ", total).c_str());
    std::fflush(stdout);
  }
};
::testing::Environment* const kSummary = ::testing::AddGlobalTestEnvironment(new CampaignSummary);

// Ends the process, naming the input, when one reader's campaign runs past its
// limit: a hang fails the test with the input that caused it.
class Watchdog {
 public:
  Watchdog(std::string reader, std::chrono::seconds limit)
      : reader_(std::move(reader)), thread_([this, limit] { watch(limit); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  void at(const std::string& label) {
    std::lock_guard<std::mutex> lock(mutex_);
    label_ = label;
  }

 private:
  void watch(std::chrono::seconds limit) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (wake_.wait_for(lock, limit, [this] { return done_; })) return;
    std::fprintf(stderr, "bad-input campaign, %s: still running after %lld s, at input '%s': a hang\n",
                 reader_.c_str(), static_cast<long long>(limit.count()), label_.c_str());
    std::fflush(stderr);
    std::_Exit(124);
  }

  std::string reader_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::string label_ = "(setup)";
  std::thread thread_;
};

// The bytes of files that no read may change: the committed originals, the
// scratch copies beside the mutated file, and the list of files in scratch.
class Unchanged {
 public:
  void watch(const fs::path& file) { files_[file] = test::slurp(file); }
  void relist(const fs::path& scratch) {
    scratch_ = scratch;
    listing_ = list();
  }
  // "" when everything is as it was, else what changed.
  std::string changes() const {
    for (const auto& [path, bytes] : files_)
      if (test::slurp(path) != bytes) return path.string() + " changed";
    if (!scratch_.empty() && list() != listing_) return "files appeared in or vanished from " + scratch_.string();
    return "";
  }

 private:
  std::set<std::string> list() const {
    std::set<std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(scratch_)) out.insert(entry.path().string());
    return out;
  }

  std::map<fs::path, std::string> files_;
  fs::path scratch_;
  std::set<std::string> listing_;
};

// The input being read, named on stderr when the process dies on it (a
// signal, or a sanitizer report): the campaign then stops at that input.
// A plain buffer: the handlers may run during exit, after the destructors.
char current_input[1024] = "(none yet)";
pid_t campaign_pid = 0;  // not the child processes the loader or ISOLATE reads in

void say_current_input() {
  if (getpid() != campaign_pid) return;
  const char* parts[] = {"\nbad-input campaign: the process died reading input '", current_input, "'\n"};
  for (const char* part : parts)
    if (write(STDERR_FILENO, part, std::strlen(part)) < 0) return;
}

extern "C" void on_fatal_signal(int signal) {
  say_current_input();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void name_crashing_input() {
  campaign_pid = getpid();
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_set_death_callback(say_current_input);  // ASan keeps its own SIGSEGV report
#else
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(s, on_fatal_signal);
#endif
}

// What one read did: refused (or passed), and what is wrong with that ("" if
// nothing); crashed: the process reading it died or hung.
struct Outcome {
  bool refused = false;
  std::string problem;
  bool crashed = false;
};

Outcome outcome(const std::function<void()>& reader, const std::function<std::string()>& after,
                const fs::path& file, bool fix_required) {
  Outcome o;
  try {
    reader();
  } catch (const std::runtime_error& e) {
    o.refused = true;
    const std::string msg = e.what();
    if (std::getenv("FUSELAB_CAMPAIGN_TRACE")) std::fprintf(stderr, "  refused: %s\n", first_line(msg).c_str());
    if (msg.find(file.string()) == std::string::npos)
      o.problem = "the refusal does not name " + file.string() + ": " + first_line(msg);
    else if (fix_required && msg.find("Fix:") == std::string::npos)
      o.problem = "the refusal has no 'Fix:': " + first_line(msg);
  } catch (const std::exception& e) {
    o.problem = std::string("an exception that is no std::runtime_error escaped (") + typeid(e).name() +
                "): " + first_line(e.what());
  } catch (...) {
    o.problem = "an exception that is no std::exception escaped";
  }
  if (o.problem.empty() && after) o.problem = after();
  return o;
}

// The same in a child process, so that a crash or a hang is reported with its
// input and the campaign goes on (FUSELAB_CAMPAIGN_ISOLATE=1: to list every
// input that crashes a reader, not only the first; a few ms a read).
constexpr unsigned kSecondsPerRead = 10;  // a read takes milliseconds

Outcome outcome_in_child(const std::function<void()>& reader, const std::function<std::string()>& after,
                         const fs::path& file, bool fix_required) {
  int fds[2];
  if (pipe(fds) != 0) return {false, "test: pipe() failed", false};
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child < 0) return {false, "test: fork() failed", false};
  if (child == 0) {
    close(fds[0]);
    alarm(kSecondsPerRead);
    const Outcome o = outcome(reader, after, file, fix_required);
    const std::string answer = std::string(o.refused ? "R" : "P") + o.problem;
    std::size_t sent = 0;
    while (sent < answer.size()) {
      const ssize_t n = write(fds[1], answer.data() + sent, answer.size() - sent);
      if (n <= 0) break;
      sent += static_cast<std::size_t>(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string answer;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    return {false, "the read hung (no answer in " + std::to_string(kSecondsPerRead) + " s)", true};
  if (WIFSIGNALED(status)) return {false, std::string("the read crashed: ") + strsignal(WTERMSIG(status)), true};
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || answer.empty())
    return {false, "the read died (exit status " + std::to_string(WEXITSTATUS(status)) + "; a sanitizer report above?)",
            true};
  return {answer[0] == 'R', answer.substr(1)};
}

// One reader's campaign: feeds each mutated file to the reader and checks the outcome.
class Campaign {
 public:
  Campaign(std::string reader, bool fix_required, std::chrono::seconds limit = std::chrono::seconds(240))
      : fix_required_(fix_required), isolate_(std::getenv("FUSELAB_CAMPAIGN_ISOLATE") != nullptr),
        watchdog_(reader, limit) {
    tally_.reader = std::move(reader);
    name_crashing_input();
  }
  ~Campaign() { tallies().push_back(tally_); }

  Unchanged siblings;   // checked after every read
  Unchanged originals;  // checked at the end

  // `mutated` now holds `bytes` (as the mutation left it); starts a new file.
  void mutated(const fs::path& file, const std::string& label) {
    file_ = file;
    bytes_ = test::slurp(file);
    label_ = label;
    ++tally_.files;
    watchdog_.at(label);
    if (std::getenv("FUSELAB_CAMPAIGN_TRACE")) std::fprintf(stderr, "campaign input: %s\n", label.c_str());
  }

  // Reads the current mutated file one way (`how`); `after` checks what else
  // must hold once it did ("" when all is well).
  void read(const std::string& how, const std::function<void()>& reader,
            const std::function<std::string()>& after = {}) {
    ++tally_.inputs;
    const std::string where = label_ + " [" + how + "]";
    std::snprintf(current_input, sizeof current_input, "%s", where.c_str());
    const auto start = std::chrono::steady_clock::now();
    auto [refused, problem, crashed] = isolate_ ? outcome_in_child(reader, after, file_, fix_required_)
                                                : outcome(reader, after, file_, fix_required_);
    if (std::getenv("FUSELAB_CAMPAIGN_TRACE"))
      std::fprintf(stderr, "  %s: %.1f ms\n", how.c_str(),
                   std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (problem.empty()) {
      if (test::slurp(file_) != bytes_) problem = "the read changed the mutated file";
      else problem = siblings.changes();
    }
    if (!problem.empty()) {
      ++(crashed ? tally_.crashes : tally_.wrong);
      if (tally_.crashes + tally_.wrong <= 40) ADD_FAILURE() << tally_.reader << ", " << where << ": " << problem;
    } else {
      ++(refused ? tally_.refused : tally_.passed);
    }
  }

  void finish() {
    const std::string changed = originals.changes();
    EXPECT_EQ(changed, "") << "a committed input changed during the campaign";
    EXPECT_EQ(tally_.crashes, 0);
    EXPECT_EQ(tally_.wrong, 0);
    std::printf("%s\n", counts_line("bad-input campaign, " + tally_.reader + " (" + std::to_string(tally_.files) +
                                        " mutated files): ",
                                    tally_)
                            .c_str());
  }

  const Tally& tally() const { return tally_; }

 private:
  bool fix_required_;
  bool isolate_;
  Tally tally_;
  Watchdog watchdog_;
  fs::path file_;
  std::string bytes_, label_;
};

// ---------------------------------------------------------------- byte-level mutations

// Truncations, single byte flips (a bit or a whole byte), several flips at
// once, junk appended. `dense` bytes at the start get a quarter of the flips
// (an HDF5 file's superblock and root object header sit there).
std::vector<Mutant> byte_mutants(const std::string& original, uint64_t seed, std::size_t truncations,
                                 std::size_t flips, std::size_t multi_flips, std::size_t dense = 0) {
  SplitMix64 rng(seed);
  const std::size_t n = original.size();
  std::vector<Mutant> out;
  std::set<std::size_t> cuts = {0, 1, 2, 8, n / 2, n - 1};
  for (std::size_t i = 1; cuts.size() < truncations / 2 + 6 && i <= truncations; ++i)
    cuts.insert(n * i / (truncations / 2 + 1));
  while (cuts.size() < truncations) cuts.insert(rng.below(n));
  for (std::size_t cut : cuts)
    out.push_back({"truncated to " + std::to_string(cut) + " of " + std::to_string(n) + " bytes",
                   original.substr(0, cut)});
  const auto flip = [&](std::string& bytes, std::size_t offset) {
    const uint8_t mask = rng.below(2) ? static_cast<uint8_t>(1u << rng.below(8))
                                      : static_cast<uint8_t>(1 + rng.below(255));
    bytes[offset] = static_cast<char>(static_cast<uint8_t>(bytes[offset]) ^ mask);
    return mask;
  };
  for (std::size_t i = 0; i < flips; ++i) {
    const std::size_t offset = dense && i % 4 == 0 ? rng.below(std::min(dense, n)) : rng.below(n);
    std::string bytes = original;
    const uint8_t mask = flip(bytes, offset);
    out.push_back({"byte " + std::to_string(offset) + " xor " + std::to_string(mask), std::move(bytes)});
  }
  for (std::size_t i = 0; i < multi_flips; ++i) {
    const std::size_t count = 2 + rng.below(15);
    std::string bytes = original;
    for (std::size_t k = 0; k < count; ++k) flip(bytes, rng.below(n));
    out.push_back({std::to_string(count) + " bytes flipped (round " + std::to_string(i) + ")", std::move(bytes)});
  }
  std::string junk;
  for (int i = 0; i < 97; ++i) junk += static_cast<char>(rng.below(256));
  out.push_back({"97 junk bytes appended", original + junk});
  out.push_back({"doubled", original + original});
  return out;
}

// ---------------------------------------------------------------- YAML token-level mutations

struct Token {
  std::size_t at, size;
  enum Kind { Number, Key, Word } kind;
};

bool token_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '-' || c == '+';
}

std::vector<Token> tokens_of(const std::string& text) {
  std::vector<Token> out;
  std::size_t i = 0;
  bool comment = false;
  while (i < text.size()) {
    if (text[i] == '\n') comment = false;
    if (text[i] == '#') comment = true;
    if (comment || !token_char(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && token_char(text[j])) ++j;
    const std::string word = text.substr(i, j - i);
    std::size_t k = j;
    while (k < text.size() && text[k] == ' ') ++k;
    Token::Kind kind = Token::Word;
    if (k < text.size() && text[k] == ':') {
      kind = Token::Key;
    } else {
      char* end = nullptr;
      std::strtod(word.c_str(), &end);
      if (end && *end == '\0' && word != "." && word != "-" && word != "+") kind = Token::Number;
    }
    if (word != "-") out.push_back({i, j - i, kind});
    i = j;
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::size_t stop = end == std::string::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, stop - start));
    start = stop;
  }
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l;
  return out;
}

// Picks at most `cap` of `n` indices, spread deterministically.
std::vector<std::size_t> some(std::size_t n, std::size_t cap, SplitMix64& rng) {
  std::vector<std::size_t> all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = i;
  for (std::size_t i = n; i > 1; --i) std::swap(all[i - 1], all[rng.below(i)]);
  all.resize(std::min(n, cap));
  std::sort(all.begin(), all.end());
  return all;
}

// Token- and line-level mutations of a YAML file; `scale` multiplies the caps.
std::vector<Mutant> yaml_mutants(const std::string& text, uint64_t seed, double scale) {
  SplitMix64 rng(seed);
  const auto cap = [&](std::size_t c) { return static_cast<std::size_t>(c * scale + 0.5); };
  std::vector<Mutant> out;
  const std::vector<std::string> lines = lines_of(text);
  const std::vector<Token> tokens = tokens_of(text);
  const auto word = [&](const Token& t) { return text.substr(t.at, t.size); };
  const auto replaced = [&](const Token& t, const std::string& with) {
    return text.substr(0, t.at) + with + text.substr(t.at + t.size);
  };

  // Truncations, at line ends, mid-line and just after a colon.
  std::set<std::size_t> cuts = {0, 1, text.size() / 2, text.size() - 1};
  while (cuts.size() < cap(24)) cuts.insert(rng.below(text.size()));
  for (std::size_t i = 0, colons = 0; i < text.size() && colons < cap(6); ++i)
    if (text[i] == ':' && rng.below(4) == 0) cuts.insert(i + 1), ++colons;
  for (std::size_t cut : cuts) out.push_back({"truncated at byte " + std::to_string(cut), text.substr(0, cut)});

  for (std::size_t i : some(lines.size(), cap(40), rng)) {
    auto l = lines;
    l.erase(l.begin() + static_cast<std::ptrdiff_t>(i));
    out.push_back({"line " + std::to_string(i + 1) + " deleted", join_lines(l)});
  }
  for (std::size_t i : some(lines.size(), cap(25), rng)) {
    auto l = lines;
    l.insert(l.begin() + static_cast<std::ptrdiff_t>(i), lines[i]);
    out.push_back({"line " + std::to_string(i + 1) + " duplicated", join_lines(l)});
  }
  for (std::size_t i : some(lines.size() > 1 ? lines.size() - 1 : 0, cap(12), rng)) {
    auto l = lines;
    std::swap(l[i], l[i + 1]);
    out.push_back({"lines " + std::to_string(i + 1) + " and " + std::to_string(i + 2) + " swapped", join_lines(l)});
  }
  // Indentation: one space more or less, leading spaces as a tab, a tab after the colon.
  for (std::size_t i : some(lines.size(), cap(30), rng)) {
    auto l = lines;
    std::string& line = l[i];
    const std::size_t lead = line.find_first_not_of(' ');
    std::string what;
    switch (rng.below(4)) {
      case 0: line.insert(0, " "); what = "indented one more space"; break;
      case 1:
        if (lead == 0 || lead == std::string::npos) {
          line.insert(0, "  ");
          what = "indented two spaces";
        } else {
          line.erase(0, 1);
          what = "indented one space less";
        }
        break;
      case 2: line = "\t" + line.substr(lead == std::string::npos ? 0 : lead); what = "indentation replaced by a tab"; break;
      default: {
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) line.insert(0, "\t"); else line.insert(colon + 1, "\t");
        what = "a tab inserted";
      }
    }
    out.push_back({"line " + std::to_string(i + 1) + " " + what, join_lines(l)});
  }

  std::vector<std::size_t> numbers, keys, words;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    (tokens[i].kind == Token::Number ? numbers : tokens[i].kind == Token::Key ? keys : words).push_back(i);

  for (std::size_t i : some(tokens.size(), cap(30), rng))
    out.push_back({"token '" + word(tokens[i]) + "' at byte " + std::to_string(tokens[i].at) + " deleted",
                   replaced(tokens[i], "")});
  // Numbers: strings, negative, huge, zero, NaN, quoted, fractions.
  const std::vector<std::string> number_swaps = {
      "abc", "-1", "0", "-9223372036854775808", "9223372036854775807", "99999999999999999999",
      "4611686018427387904", "3037000500", "2147483648", "1e300", ".nan", ".inf", "-.inf", "QUOTED",
      "SQUOTED", "FRACTION", "0x10", "null", "~", "[]", "{}", "true", "-0", "1e-300", "16777216"};
  std::size_t swap = rng.below(number_swaps.size());
  for (std::size_t i : some(numbers.size(), cap(40), rng)) {
    for (int round = 0; round < 2; ++round) {
      const Token& t = tokens[numbers[i]];
      std::string with = number_swaps[swap++ % number_swaps.size()];
      if (with == "QUOTED") with = "\"" + word(t) + "\"";
      if (with == "SQUOTED") with = "'" + word(t) + "'";
      if (with == "FRACTION") with = word(t) + ".5";
      out.push_back({"number '" + word(t) + "' at byte " + std::to_string(t.at) + " -> " + with, replaced(t, with)});
    }
  }
  // The number after a key: each key's value in turn, huge first (an int64
  // sum or product of sizes and offsets must not overflow).
  std::vector<std::size_t> keyed;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
    if (tokens[i].kind == Token::Key && tokens[i + 1].kind == Token::Number) keyed.push_back(i + 1);
  const std::vector<std::string> keyed_swaps = {"9223372036854775807", "4611686018427387904", "-9223372036854775808",
                                                "2147483647", "-1", ".nan"};
  std::size_t keyed_swap = 0;
  for (std::size_t i : some(keyed.size(), cap(60), rng)) {
    const Token& t = tokens[keyed[i]];
    const std::string& with = keyed_swaps[keyed_swap++ % keyed_swaps.size()];
    out.push_back({"value of '" + word(tokens[keyed[i] - 1]) + "' at byte " + std::to_string(t.at) + " -> " + with,
                   replaced(t, with)});
  }
  for (std::size_t i : keyed) {  // every position offset at the int64 maximum: offset + size overflows
    const std::string key = word(tokens[i - 1]);
    if (key.size() >= 6 && key.compare(key.size() - 6, 6, "offset") == 0)
      out.push_back({"value of '" + key + "' at byte " + std::to_string(tokens[i].at) + " -> 2^63-1",
                     replaced(tokens[i], "9223372036854775807")});
  }
  // Keys: renamed, upper-cased, emptied, duplicated next to themselves.
  for (std::size_t i : some(keys.size(), cap(30), rng)) {
    const Token& t = tokens[keys[i]];
    std::string key = word(t), with;
    switch (rng.below(4)) {
      case 0: with = key + "_x"; break;
      case 1: std::transform(key.begin(), key.end(), std::back_inserter(with), [](char c) { return std::toupper(c); }); break;
      case 2: with = ""; break;
      default: with = key.substr(0, key.size() / 2 + 1);
    }
    out.push_back({"key '" + key + "' at byte " + std::to_string(t.at) + " -> '" + with + "'", replaced(t, with)});
  }
  const std::vector<std::string> word_swaps = {"42", "", "null", "[x]", "{a: 1}", "'quoted'", "yes", "-", "*alias", "&anchor x"};
  for (std::size_t i : some(words.size(), cap(20), rng)) {
    const Token& t = tokens[words[i]];
    const std::string& with = word_swaps[rng.below(word_swaps.size())];
    out.push_back({"word '" + word(t) + "' at byte " + std::to_string(t.at) + " -> '" + with + "'", replaced(t, with)});
  }
  // Syntax characters dropped in.
  const std::string junk = "{}[]:,-#&*!|>'\"%@`\t\n?";
  for (std::size_t i = 0; i < cap(25); ++i) {
    const std::size_t at = rng.below(text.size());
    const char c = junk[rng.below(junk.size())];
    std::string bytes = text;
    bytes.insert(at, 1, c);
    out.push_back({"character " + std::to_string(static_cast<int>(c)) + " inserted at byte " + std::to_string(at), bytes});
  }
  // Whole-file shapes.
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::vector<std::pair<std::string, std::string>> whole = {
      {"empty file", ""}, {"a newline only", "\n"}, {"null document", "~\n"}, {"a list", "[]\n"},
      {"an empty map", "{}\n"}, {"a scalar", "hello\n"}, {"the text twice", text + text},
      {"a second document", text + "\n---\n" + text}, {"a byte-order mark", "\xEF\xBB\xBF" + text},
      {"CRLF line ends", crlf}, {"a NUL byte", text.substr(0, text.size() / 3) + std::string(1, '\0') + text.substr(text.size() / 3)},
      {"deep nesting", std::string(2000, '[') + std::string(2000, ']') + "\n"},
      {"invalid UTF-8", text.substr(0, text.size() / 2) + "\xC3\x28\xFF" + text.substr(text.size() / 2)}};
  for (const auto& [what, bytes] : whole) out.push_back({what, bytes});
  return out;
}

// ---------------------------------------------------------------- reference files (HDF5)

struct H5Item {
  std::string name;
  H5T_class_t type_class = H5T_NO_CLASS;
  std::size_t size = 0;
  bool is_signed = true;
  std::vector<hsize_t> dims;
};

std::vector<H5Item> datasets_of(const H5::H5File& f) {
  std::vector<H5Item> out;
  for (hsize_t i = 0; i < f.getNumObjs(); ++i) {
    const std::string name = f.getObjnameByIdx(i);
    if (f.childObjType(name) != H5O_TYPE_DATASET) continue;
    const H5::DataSet ds = f.openDataSet(name);
    const H5::DataType type = ds.getDataType();
    H5Item item{name, type.getClass(), type.getSize(), true, {}};
    const H5::DataSpace space = ds.getSpace();
    item.dims.resize(static_cast<std::size_t>(space.getSimpleExtentNdims()));
    if (!item.dims.empty()) space.getSimpleExtentDims(item.dims.data());
    out.push_back(item);
  }
  return out;
}

std::vector<H5Item> attributes_of(const H5::H5File& f) {
  std::vector<H5Item> out;
  for (int i = 0; i < f.getNumAttrs(); ++i) {
    const H5::Attribute a = f.openAttribute(static_cast<unsigned>(i));
    const H5::DataType type = a.getDataType();
    out.push_back({a.getName(), type.getClass(), type.getSize(), true, {}});
  }
  return out;
}

std::size_t count_of(const std::vector<hsize_t>& dims) {
  std::size_t n = 1;
  for (hsize_t d : dims) n *= static_cast<std::size_t>(d);
  return n;
}

H5::DataSpace space_of(const std::vector<hsize_t>& dims) {
  if (dims.empty()) return H5::DataSpace(H5S_SCALAR);
  return H5::DataSpace(static_cast<int>(dims.size()), dims.data());
}

std::vector<double> read_doubles(H5::H5File& f, const std::string& name) {
  const H5::DataSet ds = f.openDataSet(name);
  std::vector<double> data(static_cast<std::size_t>(ds.getSpace().getSimpleExtentNpoints()));
  if (!data.empty()) ds.read(data.data(), H5::PredType::NATIVE_DOUBLE);
  return data;
}

// Replaces dataset `name` by one of `type` and `dims` holding `data` (converted by HDF5).
void rewrite_dataset(H5::H5File& f, const std::string& name, const H5::DataType& type,
                     const std::vector<hsize_t>& dims, std::vector<double> data,
                     const H5::DSetCreatPropList& plist = H5::DSetCreatPropList::DEFAULT) {
  f.unlink(name);
  data.resize(count_of(dims), 0.0);
  H5::DataSet ds = f.createDataSet(name, type, space_of(dims), plist);
  if (!data.empty() && type.getClass() != H5T_STRING) ds.write(data.data(), H5::PredType::NATIVE_DOUBLE);
}

void rewrite_attribute(H5::H5File& f, const std::string& name, const H5::DataType& type,
                       const H5::DataSpace& space, const std::vector<double>& values) {
  if (f.attrExists(name)) f.removeAttr(name);
  H5::Attribute a = f.createAttribute(name, type, space);
  if (!values.empty()) a.write(H5::PredType::NATIVE_DOUBLE, values.data());
}

void rewrite_string_attribute(H5::H5File& f, const std::string& name, const std::string& value, bool variable) {
  if (f.attrExists(name)) f.removeAttr(name);
  const H5::StrType type(H5::PredType::C_S1, variable ? H5T_VARIABLE : std::max<std::size_t>(1, value.size()));
  H5::Attribute a = f.createAttribute(name, type, H5::DataSpace(H5S_SCALAR));
  a.write(type, value);
}

double attribute_number(H5::H5File& f, const std::string& name) {
  double v = 0;
  f.openAttribute(name).read(H5::PredType::NATIVE_DOUBLE, &v);
  return v;
}

std::string attribute_text(H5::H5File& f, const std::string& name) {
  const H5::Attribute a = f.openAttribute(name);
  std::string v;
  a.read(a.getStrType(), v);
  return v;
}

struct H5Mutation {
  std::string label;
  std::function<void(H5::H5File&)> apply;
};

// Structural mutations of one reference file, made with the HDF5 C++ API.
std::vector<H5Mutation> structural_mutations(const fs::path& file, uint64_t seed, std::size_t per_dataset,
                                             std::size_t per_attribute) {
  std::vector<H5Item> datasets, attributes;
  {
    const H5::H5File f(file.string(), H5F_ACC_RDONLY);
    datasets = datasets_of(f);
    attributes = attributes_of(f);
  }
  std::vector<H5Mutation> out;
  const auto add = [&](std::string label, std::function<void(H5::H5File&)> apply) {
    out.push_back({std::move(label), std::move(apply)});
  };
  using P = H5::PredType;
  // Of each item's mutations the first `keep` (a dataset renamed, renamed to
  // upper case, deleted; an attribute removed) and `sampled` of the others,
  // chosen by `seed` so that the fixtures together cover them all.
  SplitMix64 rng(seed);
  const auto sample = [&](std::size_t first, std::size_t keep, std::size_t sampled) {
    std::vector<H5Mutation> others(out.begin() + static_cast<std::ptrdiff_t>(first + keep), out.end());
    out.resize(first + keep);
    for (std::size_t i : some(others.size(), sampled, rng)) out.push_back(std::move(others[i]));
  };
  for (std::size_t di = 0; di < datasets.size(); ++di) {
    const std::size_t first = out.size();
    const H5Item d = datasets[di];
    const std::string n = d.name;
    const std::string other = datasets[(di + 1) % datasets.size()].name;
    add("dataset " + n + " renamed", [n](H5::H5File& f) {
      H5Lmove(f.getId(), n.c_str(), f.getId(), (n + "_renamed").c_str(), H5P_DEFAULT, H5P_DEFAULT);
    });
    add("dataset " + n + " renamed to upper case", [n](H5::H5File& f) {
      std::string upper = n;
      std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) { return std::toupper(c); });
      H5Lmove(f.getId(), n.c_str(), f.getId(), upper.c_str(), H5P_DEFAULT, H5P_DEFAULT);
    });
    add("dataset " + n + " deleted", [n](H5::H5File& f) { f.unlink(n); });
    add("dataset " + n + " replaced by a group", [n](H5::H5File& f) {
      f.unlink(n);
      f.createGroup(n);
    });
    add("dataset " + n + " replaced by a dangling soft link", [n](H5::H5File& f) {
      f.unlink(n);
      H5Lcreate_soft("/nowhere", f.getId(), n.c_str(), H5P_DEFAULT, H5P_DEFAULT);
    });
    add("dataset " + n + " replaced by a soft link to itself", [n](H5::H5File& f) {
      f.unlink(n);
      H5Lcreate_soft(("/" + n).c_str(), f.getId(), n.c_str(), H5P_DEFAULT, H5P_DEFAULT);
    });
    add("dataset " + n + " replaced by an external link to a missing file", [n](H5::H5File& f) {
      f.unlink(n);
      H5Lcreate_external("missing_file.h5", ("/" + n).c_str(), f.getId(), n.c_str(), H5P_DEFAULT, H5P_DEFAULT);
    });
    if (other != n)
      add("dataset " + n + " hard-linked to dataset " + other, [n, other](H5::H5File& f) {
        f.unlink(n);
        H5Lcreate_hard(f.getId(), other.c_str(), f.getId(), n.c_str(), H5P_DEFAULT, H5P_DEFAULT);
      });
    // Another dtype, the values kept.
    std::vector<std::pair<std::string, H5::DataType>> types;
    if (d.type_class == H5T_FLOAT && d.size == 4)
      types = {{"float64", P::IEEE_F64LE}, {"int32", P::STD_I32LE}, {"int64", P::STD_I64LE},
               {"big-endian float32", P::IEEE_F32BE}};
    else if (d.type_class == H5T_FLOAT)
      types = {{"float32", P::IEEE_F32LE}, {"int64", P::STD_I64LE}, {"big-endian float64", P::IEEE_F64BE}};
    else
      types = {{"int32", P::STD_I32LE}, {"uint64", P::STD_U64LE}, {"float64", P::IEEE_F64LE},
               {"big-endian int64", P::STD_I64BE}, {"uint8", P::STD_U8LE}};
    types.push_back({"string", H5::StrType(P::C_S1, 8)});
    for (const auto& [type_name, type] : types)
      add("dataset " + n + " rewritten as " + type_name, [n, d, type = type](H5::H5File& f) {
        rewrite_dataset(f, n, type, d.dims, read_doubles(f, n));
      });
    const H5::PredType& same = d.type_class != H5T_FLOAT ? P::STD_I64LE
                               : d.size == 4                ? P::IEEE_F32LE
                                                            : P::IEEE_F64LE;
    add("dataset " + n + " rewritten chunked and compressed (same values)", [n, d, same](H5::H5File& f) {
      H5::DSetCreatPropList plist;
      if (!d.dims.empty()) {
        plist.setChunk(static_cast<int>(d.dims.size()), d.dims.data());
        plist.setShuffle();
        plist.setDeflate(6);
        plist.setFletcher32();
      }
      rewrite_dataset(f, n, same, d.dims, read_doubles(f, n), plist);
    });
    // Another shape.
    for (std::size_t k = 0; k < d.dims.size(); ++k)
      for (int delta : {+1, -1}) {
        std::vector<hsize_t> dims = d.dims;
        dims[k] = static_cast<hsize_t>(static_cast<long long>(dims[k]) + delta);
        add("dataset " + n + " dimension " + std::to_string(k) + (delta > 0 ? " +1" : " -1"),
            [n, dims, same](H5::H5File& f) { rewrite_dataset(f, n, same, dims, read_doubles(f, n)); });
      }
    std::vector<std::pair<std::string, std::vector<hsize_t>>> shapes = {
        {"a leading dimension of 1", d.dims}, {"flattened", {count_of(d.dims)}}, {"a scalar", {}}};
    shapes[0].second.insert(shapes[0].second.begin(), 1);
    if (d.dims.size() >= 2) {
      std::vector<hsize_t> merged(d.dims.begin() + 1, d.dims.end());
      merged[0] *= d.dims[0];
      shapes.push_back({"its first two dimensions merged", merged});
      std::vector<hsize_t> swapped = d.dims;
      std::swap(swapped.front(), swapped.back());
      shapes.push_back({"its first and last dimensions swapped", swapped});
    }
    for (const auto& [what, dims] : shapes)
      add("dataset " + n + " reshaped to " + what,
          [n, dims = dims, same](H5::H5File& f) { rewrite_dataset(f, n, same, dims, read_doubles(f, n)); });
    // Values.
    const std::size_t count = count_of(d.dims);
    if (d.type_class == H5T_FLOAT) {
      for (const auto& [what, value, at] :
           std::vector<std::tuple<std::string, double, std::size_t>>{
               {"NaN at element 0", std::numeric_limits<double>::quiet_NaN(), 0},
               {"Inf at the last element", std::numeric_limits<double>::infinity(), count - 1},
               {"-Inf in the middle", -std::numeric_limits<double>::infinity(), count / 2},
               {"1e300 at element 0", 1e300, 0}})
        add("dataset " + n + " holds " + what, [n, d, same, value = value, at = at](H5::H5File& f) {
          std::vector<double> data = read_doubles(f, n);
          data.at(at) = value;
          rewrite_dataset(f, n, same, d.dims, data);
        });
    } else {
      for (const auto& [what, value] : std::vector<std::pair<std::string, double>>{
               {"-1", -1.0}, {"a row past the end", 1e9}, {"-2^63", -9.2233720368547758e18}})
        add("dataset " + n + " holds " + what + " at its last element", [n, d, same, value = value](H5::H5File& f) {
          std::vector<double> data = read_doubles(f, n);
          data.back() = value;
          rewrite_dataset(f, n, same, d.dims, data);
        });
    }
    sample(first, 3, per_dataset);
  }
  for (const H5Item& a : attributes) {
    const std::size_t first = out.size();
    const std::string n = a.name;
    add("attribute " + n + " removed", [n](H5::H5File& f) { f.removeAttr(n); });
    add("attribute " + n + " renamed", [n](H5::H5File& f) { H5Arename(f.getId(), n.c_str(), (n + "_x").c_str()); });
    add("attribute " + n + " with a null dataspace", [n](H5::H5File& f) {
      rewrite_attribute(f, n, P::STD_I64LE, H5::DataSpace(H5S_NULL), {});
    });
    if (a.type_class == H5T_STRING) {
      add("attribute " + n + " changed", [n](H5::H5File& f) {
        rewrite_string_attribute(f, n, attribute_text(f, n) + "_changed", true);
      });
      add("attribute " + n + " emptied", [n](H5::H5File& f) { rewrite_string_attribute(f, n, "", true); });
      add("attribute " + n + " as a fixed-length string", [n](H5::H5File& f) {
        rewrite_string_attribute(f, n, attribute_text(f, n), false);
      });
      add("attribute " + n + " as int64", [n](H5::H5File& f) {
        rewrite_attribute(f, n, P::STD_I64LE, H5::DataSpace(H5S_SCALAR), {7});
      });
      add("attribute " + n + " as two strings", [n](H5::H5File& f) {
        f.removeAttr(n);
        const hsize_t two = 2;
        const H5::StrType type(P::C_S1, 4);
        f.createAttribute(n, type, H5::DataSpace(1, &two)).write(type, "abcdefgh");
      });
    } else {
      const bool is_float = a.type_class == H5T_FLOAT;
      const H5::DataType same = is_float ? P::IEEE_F64LE : P::STD_I64LE;
      for (const auto& [what, change] : std::vector<std::pair<std::string, std::function<double(double)>>>{
               {"changed", [is_float](double v) { return is_float ? v * 2 + 1 : v + 1; }},
               {"negated", [](double v) { return -v - 1; }},
               {"huge", [is_float](double) { return is_float ? 1e308 : 9.0e18; }}})
        add("attribute " + n + " " + what, [n, same, change = change](H5::H5File& f) {
          rewrite_attribute(f, n, same, H5::DataSpace(H5S_SCALAR), {change(attribute_number(f, n))});
        });
      if (is_float)
        add("attribute " + n + " NaN", [n, same](H5::H5File& f) {
          rewrite_attribute(f, n, same, H5::DataSpace(H5S_SCALAR), {std::numeric_limits<double>::quiet_NaN()});
        });
      std::vector<std::pair<std::string, H5::DataType>> types =
          is_float ? std::vector<std::pair<std::string, H5::DataType>>{{"float32", P::IEEE_F32LE},
                                                                       {"int64", P::STD_I64LE},
                                                                       {"big-endian float64", P::IEEE_F64BE}}
                   : std::vector<std::pair<std::string, H5::DataType>>{{"int32", P::STD_I32LE},
                                                                       {"uint64", P::STD_U64LE},
                                                                       {"float64", P::IEEE_F64LE},
                                                                       {"big-endian int64", P::STD_I64BE}};
      for (const auto& [type_name, type] : types)
        add("attribute " + n + " as " + type_name, [n, type = type](H5::H5File& f) {
          rewrite_attribute(f, n, type, H5::DataSpace(H5S_SCALAR), {attribute_number(f, n)});
        });
      add("attribute " + n + " as a string", [n](H5::H5File& f) {
        rewrite_string_attribute(f, n, std::to_string(attribute_number(f, n)), true);
      });
      add("attribute " + n + " as an array of two", [n, same](H5::H5File& f) {
        const double v = attribute_number(f, n);
        const hsize_t two = 2;
        rewrite_attribute(f, n, same, H5::DataSpace(1, &two), {v, v});
      });
    }
    sample(first, 1, per_attribute);
  }
  add("an extra attribute and an extra dataset", [](H5::H5File& f) {
    rewrite_string_attribute(f, "extra", "value", true);
    const hsize_t three = 3;
    f.createDataSet("extra", P::IEEE_F32LE, H5::DataSpace(1, &three));
  });
  return out;
}

// Files, datasets, groups and attributes open in any file (not datatypes: the
// C++ API's predefined types are datatype objects that stay open).
long open_hdf5_objects() {
  return static_cast<long>(
      H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_FILE | H5F_OBJ_DATASET | H5F_OBJ_GROUP | H5F_OBJ_ATTR));
}

// The fixtures in two halves (even and odd positions), so that ctest runs
// them side by side: the longest campaign, ~100 s under ASan in one piece.
void reference_files_campaign(std::size_t half) {
  H5::Exception::dontPrint();
  Campaign campaign("reference files (HDF5), load_reference, fixtures " + std::string(half ? "2, 4, ..." : "1, 3, ..."),
                    true);
  const fs::path scratch = test::scratch_dir();
  const fs::path root = scratch / "reference_data";
  fs::create_directories(root);
  fs::copy_file(test::reference_root() / "MANIFEST", root / "MANIFEST");
  campaign.siblings.watch(root / "MANIFEST");
  campaign.originals.watch(test::reference_root() / "MANIFEST");
  LoadOptions checked;
  checked.reference_root = root.string();
  checked.untrusted_read_seconds = 1;  // a fixture takes milliseconds; libhdf5 loops on a few inputs
  LoadOptions unchecked = checked;
  unchecked.verify_checksum = false;
  const auto no_open_handles = [] {
    const long open = open_hdf5_objects();
    return open == 0 ? std::string() : std::to_string(open) + " HDF5 objects left open after the read";
  };

  // The families whose fixtures the campaign first took keep their places,
  // so each fixture's mutants (seeded by its place) stay the same; a later
  // family's fixtures come after them.
  std::vector<CaseSpec> specs = test::fixture_specs();
  const std::vector<std::set<std::string>> arrivals = {{"attention", "rope", "rope_standalone", "sinusoidal"},
                                                       {"qk_norm_rope"}, {"decode"}};
  const auto arrival = [&](const CaseSpec& s) {
    std::size_t i = 0;
    while (i < arrivals.size() && !arrivals[i].count(s.family)) ++i;
    return i;  // a family not listed comes last
  };
  std::stable_sort(specs.begin(), specs.end(),
                   [&](const CaseSpec& a, const CaseSpec& b) { return arrival(a) < arrival(b); });
  ASSERT_GE(specs.size(), 5u);
  for (std::size_t i = half; i < specs.size(); i += 2) {
    const CaseSpec& spec = specs[i];
    uint64_t seed = 0x42000 + 2 * i;  // each fixture's mutants as when they ran in one piece
    const fs::path original = test::reference_root() / spec.reference_path();
    const fs::path copy = root / spec.reference_path();
    campaign.originals.watch(original);
    const std::string pristine = test::slurp(original);
    ASSERT_FALSE(pristine.empty()) << original << " is missing: generate the fixtures first";
    fs::create_directories(copy.parent_path());
    write_bytes(copy, pristine);
    campaign.siblings.relist(scratch);
    ASSERT_NO_THROW(load_reference(spec, checked)) << "the unmutated copy of " << original << " must load";
    ASSERT_NO_THROW(load_reference(spec, unchecked));

    const auto read_both_ways = [&] {
      campaign.read("checksum on", [&] { load_reference(spec, checked); }, no_open_handles);
      campaign.read("checksum off", [&] { load_reference(spec, unchecked); }, no_open_handles);
    };
    // libhdf5 1.10 crashes, loops or overruns memory on some of these (the
    // loader reads bytes that are not the MANIFEST's in a child process).
    for (const Mutant& m : byte_mutants(pristine, seed++, 20, 64, 20, 2048)) {
      write_bytes(copy, m.bytes);
      campaign.mutated(copy, spec.id() + ": " + m.label);
      read_both_ways();
    }
    for (const H5Mutation& m : structural_mutations(copy, seed++, 9, 2)) {
      write_bytes(copy, pristine);
      try {
        H5::H5File f(copy.string(), H5F_ACC_RDWR);
        m.apply(f);
      } catch (const H5::Exception& e) {
        ADD_FAILURE() << spec.id() << ": the mutation '" << m.label << "' failed: " << e.getDetailMsg();
        continue;
      }
      ASSERT_EQ(open_hdf5_objects(), 0) << "the mutation " << m.label << " left HDF5 objects open";
      campaign.mutated(copy, spec.id() + ": " + m.label);
      read_both_ways();
    }
    fs::remove(copy);
  }
  campaign.finish();
}

TEST(BadInputCampaign, ReferenceFilesOddFixtures) { reference_files_campaign(0); }
TEST(BadInputCampaign, ReferenceFilesEvenFixtures) { reference_files_campaign(1); }

// What the loader relies on for bytes libhdf5 may not survive: a crash or an
// endless loop in the child is an answer, not the end of this process.
TEST(BadInputCampaign, ReadsInAChildProcessSurviveCrashesAndLoops) {
  EXPECT_EQ(survives_in_child([] {}, 10), "");
  EXPECT_EQ(survives_in_child([] { throw std::runtime_error("refused"); }, 10), "");  // the caller reads again
  EXPECT_NE(survives_in_child([] { std::abort(); }, 10), "");
  EXPECT_EQ(survives_in_child([] { for (;;) pause(); }, 0.2), "did not finish in 0.2 s");
}

// ---------------------------------------------------------------- cases.yaml, targets.yaml, archived.yaml

TEST(BadInputCampaign, CasesFiles) {
  Campaign campaign("experiments/<family>/cases.yaml, load_cases_file", true);
  const fs::path scratch = test::scratch_dir();
  const auto families = list_families(test::source_dir().string());
  ASSERT_GE(families.size(), 3u);
  uint64_t seed = 0xCA5E5;
  for (const auto& family : families) {
    const fs::path original = test::source_dir() / "experiments" / family / "cases.yaml";
    const fs::path copy = scratch / "experiments" / family / "cases.yaml";
    campaign.originals.watch(original);
    const std::string pristine = test::slurp(original);
    fs::create_directories(copy.parent_path());
    write_bytes(copy, pristine);
    campaign.siblings.relist(scratch);
    ASSERT_NO_THROW(load_cases_file(copy.string()));
    for (const Mutant& m : yaml_mutants(pristine, seed++, 1.0)) {
      write_bytes(copy, m.bytes);
      campaign.mutated(copy, family + "/cases.yaml: " + m.label);
      campaign.read("load_cases_file", [&] { load_cases_file(copy.string()); });
    }
    fs::remove(copy);
  }
  campaign.finish();
}

TEST(BadInputCampaign, TargetsFiles) {
  Campaign campaign("experiments/<family>/targets.yaml, load_family_targets", true);
  const fs::path scratch = test::scratch_dir();
  const fs::path root = scratch / "root";
  uint64_t seed = 0x7A56E7;
  int families = 0;
  for (const auto& family : list_families(test::source_dir().string())) {
    const fs::path original = test::source_dir() / "experiments" / family / "targets.yaml";
    if (!fs::exists(original)) continue;
    ++families;
    const fs::path folder = root / "experiments" / family;
    fs::create_directories(folder);
    fs::copy_file(test::source_dir() / "experiments" / family / "cases.yaml", folder / "cases.yaml");
    const fs::path copy = folder / "targets.yaml";
    campaign.originals.watch(original);
    campaign.siblings.watch(folder / "cases.yaml");
    const std::string pristine = test::slurp(original);
    write_bytes(copy, pristine);
    campaign.siblings.relist(scratch);
    ASSERT_FALSE(load_family_targets(root.string(), family).empty());
    for (const Mutant& m : yaml_mutants(pristine, seed++, 1.0)) {
      write_bytes(copy, m.bytes);
      campaign.mutated(copy, family + "/targets.yaml: " + m.label);
      campaign.read("load_family_targets", [&] { load_family_targets(root.string(), family); });
    }
  }
  ASSERT_GE(families, 2);
  campaign.finish();
}

// The first `entries` entries of an archived.yaml (the real files are large).
std::string first_entries(const std::string& text, int entries) {
  std::size_t at = 0;
  for (int seen = 0; seen <= entries; ++seen) {
    const std::size_t next = text.find("\n  - version:", at);
    if (next == std::string::npos) return text;
    at = next + 1;
  }
  return text.substr(0, at);
}

TEST(BadInputCampaign, ArchiveIndex) {
  Campaign campaign("experiments/<family>/archived.yaml, ArchiveIndex::load", true);
  const fs::path scratch = test::scratch_dir();
  const fs::path root = scratch / "root";
  const std::string family = "rope";
  const fs::path folder = root / "experiments" / family;
  fs::create_directories(folder);
  fs::copy_file(test::source_dir() / "experiments" / family / "cases.yaml", folder / "cases.yaml");
  const fs::path original = test::source_dir() / "experiments" / family / "archived.yaml";
  campaign.originals.watch(original);
  campaign.siblings.watch(folder / "cases.yaml");
  const std::string cut = first_entries(test::slurp(original), 3);
  const fs::path copy = folder / "archived.yaml";
  write_bytes(copy, cut);
  campaign.siblings.relist(scratch);
  ASSERT_EQ(ArchiveIndex::load(root.string()).all().size(), 3u);
  for (const Mutant& m : yaml_mutants(cut, 0xA4C41, 1.5)) {
    write_bytes(copy, m.bytes);
    campaign.mutated(copy, family + "/archived.yaml (3 entries): " + m.label);
    campaign.read("ArchiveIndex::load", [&] { ArchiveIndex::load(root.string()); });
  }
  campaign.finish();
}

// ---------------------------------------------------------------- run records (JSON)

// Every JSON pointer below the root.
void pointers_of(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) {
      const auto p = at / it.key();
      out.push_back(p);
      pointers_of(it.value(), p, out);
    }
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) {
      const auto p = at / i;
      out.push_back(p);
      pointers_of(j[i], p, out);
    }
}

constexpr const char* kRaw = "@@RAW@@";

// The record with the value at `p` replaced; `raw` text replaces the kRaw marker.
std::string with_value(json record, const json::json_pointer& p, const json& value, const std::string& raw = "") {
  record[p] = value;
  std::string text = record.dump();
  if (!raw.empty()) {
    const std::string marker = std::string("\"") + kRaw + "\"";
    text.replace(text.find(marker), marker.size(), raw);
  }
  return text;
}

std::string without(json record, const json::json_pointer& p) {
  json& parent = record[p.parent_pointer()];
  if (parent.is_object()) parent.erase(p.back());
  else parent.erase(static_cast<std::size_t>(std::stoul(p.back())));
  return record.dump();
}

// JSON-level edits: keys deleted, types changed, huge and negative numbers,
// empty arrays, the schema number changed.
std::vector<Mutant> json_mutants(const std::string& text, uint64_t seed, std::size_t random_edits) {
  SplitMix64 rng(seed);
  const json record = json::parse(text);
  std::vector<json::json_pointer> all;
  pointers_of(record, json::json_pointer(), all);
  std::vector<Mutant> out;
  // The paths the readers look at first, where present; then random ones.
  std::vector<json::json_pointer> targets;
  for (const char* p :
       {"/schema", "/run_id", "/kind", "/started_utc", "/experiments", "/experiments/0", "/experiments/0/id",
        "/experiments/0/family", "/experiments/0/peer", "/experiments/0/cases", "/experiments/0/cases/0",
        "/experiments/0/cases/0/name", "/experiments/0/cases/0/status", "/experiments/0/cases/0/timing",
        "/experiments/0/cases/0/timing/cold", "/experiments/0/cases/0/timing/cold/samples",
        "/experiments/0/cases/0/timing/cold/stats/n", "/experiments/0/cases/0/timing/hot",
        "/experiments/0/cases/0/check", "/experiments/0/cases/0/recheck/pass", "/experiments/0/prediction",
        "/experiments/0/verdict", "/git", "/environment/gpu", "/ceilings", "/calibration",
        "/calibration/tiny_kernel/pass"}) {
    const json::json_pointer jp(p);
    if (record.contains(jp)) targets.push_back(jp);
  }
  for (std::size_t i : some(all.size(), random_edits, rng)) targets.push_back(all[i]);

  const std::vector<std::pair<std::string, json>> values = {
      {"null", nullptr}, {"true", true}, {"a string", "text"}, {"the number 42", 42},
      {"-1", -1}, {"-5", -5}, {"0", 0}, {"1e308", 1e308}, {"-1e308", -1e308}, {"1.5", 1.5},
      {"2^64-1", std::numeric_limits<uint64_t>::max()}, {"-2^63", std::numeric_limits<int64_t>::min()},
      {"an empty array", json::array()}, {"an empty object", json::object()},
      {"an array of strings", json::array({"a", "b"})}};
  const std::vector<std::pair<std::string, std::string>> raws = {
      {"1e999", "1e999"}, {"-1e999", "-1e999"}, {"1e-999", "1e-999"}, {"NaN", "NaN"},
      {"an unquoted word", "yes"}, {"a 400-digit integer", std::string(400, '9')}};
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const json::json_pointer& p = targets[i];
    const json& v = record[p];
    const std::string at = p.to_string();
    out.push_back({at + " deleted", without(record, p)});
    if (v.is_number()) out.push_back({at + " as a string", with_value(record, p, v.dump())});
    if (v.is_string()) out.push_back({at + " as a number", with_value(record, p, 7)});
    if (v.is_array()) {
      json as_object = json::object();
      for (std::size_t k = 0; k < v.size(); ++k) as_object[std::to_string(k)] = v[k];
      out.push_back({at + " array as an object", with_value(record, p, as_object)});
      out.push_back({at + " emptied", with_value(record, p, json::array())});
    }
    if (v.is_object()) {
      json as_array = json::array();
      for (const auto& item : v) as_array.push_back(item);
      out.push_back({at + " object as an array", with_value(record, p, as_array)});
      out.push_back({at + " emptied", with_value(record, p, json::object())});
    }
    // Two plain values and one raw number per path, cycling through the lists.
    for (int k = 0; k < 2; ++k) {
      const auto& [what, value] = values[(i * 2 + k + rng.below(3)) % values.size()];
      out.push_back({at + " -> " + what, with_value(record, p, value)});
    }
    const auto& [what, raw] = raws[(i + rng.below(2)) % raws.size()];
    out.push_back({at + " -> " + what, with_value(record, p, kRaw, raw)});
  }
  // Nested 100000 deep (as text: building and dumping it would recurse here):
  // no reader may recurse on a record's depth.
  const std::string deep = std::string(100000, '[') + "1" + std::string(100000, ']');
  for (const char* p : {"/schema", "/experiments/0/id", "/started_utc"})
    if (record.contains(json::json_pointer(p)))
      out.push_back({std::string(p) + " nested 100000 deep", with_value(record, json::json_pointer(p), kRaw, deep)});
  for (const auto& [what, schema] : std::vector<std::pair<std::string, std::string>>{
           {"0", "0"}, {"2", "2"}, {"-1", "-1"}, {"\"1\"", "\"1\""}, {"1.0", "1.0"}, {"1.5", "1.5"},
           {"null", "null"}, {"[1]", "[1]"}, {"{}", "{}"}, {"1e20", "1e20"}, {"1e999", "1e999"},
           {"2^63-1", "9223372036854775807"}, {"2^64-1", "18446744073709551615"}, {"-2^63", "-9223372036854775808"},
           {"2^31", "2147483648"}, {"4294967297", "4294967297"}, {"true", "true"}})
    out.push_back({"schema -> " + what, with_value(record, json::json_pointer("/schema"), kRaw, schema)});
  for (const auto& [what, bytes] : std::vector<std::pair<std::string, std::string>>{
           {"empty file", ""}, {"null", "null"}, {"an array", "[]"}, {"a number", "1"}, {"a string", "\"x\""},
           {"an empty object", "{}"}, {"schema alone", "{\"schema\": 1}"}, {"a byte-order mark", "\xEF\xBB\xBF" + text},
           {"two documents", text + text}, {"trailing junk", text + " x"}})
    out.push_back({what, bytes});
  return out;
}

TEST(BadInputCampaign, RunRecords) {
  Campaign campaign("run records (JSON), read_run_record + validate_run_record and RecordIndex::load", true);
  const fs::path scratch = test::scratch_dir();
  const fs::path dir = scratch / "records";
  fs::create_directories(dir);
  // Real records (the tests' copies from reports/runs/, which a sparse
  // checkout may leave out): a `fuselab run` record and a calibration record;
  // and the peer record of the tests.
  const std::vector<fs::path> originals = {
      test::source_dir() / "harness/tests/data/records/20261121T011456Z-vm-3059.json",
      test::source_dir() / "harness/tests/data/records/20261121T021626Z-vm-2964.json",
      test::source_dir() / "harness/tests/data/peer_record.json"};
  uint64_t seed = 0x4EC0;
  for (const fs::path& original : originals) {
    const std::string pristine = test::slurp(original);
    ASSERT_FALSE(pristine.empty()) << original << " is missing";
    campaign.originals.watch(original);
    const std::string run_id = json::parse(pristine).at("run_id").get<std::string>();
    const fs::path copy = dir / (run_id + ".json");
    write_bytes(copy, pristine);
    campaign.siblings.relist(scratch);
    const auto report_read = [&] { validate_run_record(read_run_record(copy.string()), copy.string()); };
    // What compare takes from the index: the latest results, their status and timing, the experiments.
    const auto compare_read = [&] {
      const RecordIndex index = RecordIndex::load(dir.string());
      for (const CaseResult& c : index.latest()) {
        (void)c.status();
        (void)c.timed();
      }
      (void)index.experiments();
    };
    ASSERT_NO_THROW(report_read());
    ASSERT_NO_THROW(compare_read());
    std::vector<Mutant> mutants = byte_mutants(pristine, seed++, 30, 70, 25);
    for (Mutant& m : json_mutants(pristine, seed++, 45)) mutants.push_back(std::move(m));
    for (const Mutant& m : mutants) {
      write_bytes(copy, m.bytes);
      campaign.mutated(copy, original.filename().string() + ": " + m.label);
      campaign.read("report: read_run_record + validate_run_record", report_read);
      campaign.read("compare: RecordIndex::load", compare_read);
    }
    fs::remove(copy);
  }
  campaign.finish();
}

}  // namespace
}  // namespace fuselab
