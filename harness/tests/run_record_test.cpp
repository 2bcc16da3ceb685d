// Run records are written atomically and read back; the log is appended
// under a lock so concurrent writers never interleave.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/core/optimization_log.h"
#include "harness/core/outcome.h"
#include "harness/core/run_record.h"
#include "test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(FUSELAB_TEST_SCRATCH) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

using test::slurp;

TEST(RunRecord, AtomicWriteLeavesNoTemporaryFile) {
  const auto dir = scratch("atomic");
  write_file_atomically(dir.string(), "r.json", "{\"schema\": 1}\n");
  EXPECT_EQ(slurp(dir / "r.json"), "{\"schema\": 1}\n");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) { (void)entry; ++files; }
  EXPECT_EQ(files, 1);
}

TEST(RunRecord, UnknownSchemaIsRefusedWithAClearMessage) {
  const auto dir = scratch("schema");
  write_file_atomically(dir.string(), "old.json", "{\"schema\": 99}\n");
  try {
    read_run_record((dir / "old.json").string());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("schema 99"), std::string::npos);
  }
}

// The device code an experiment ran goes into its entry as the run found it;
// an outcome without one (a peer) writes no field.
TEST(RunRecord, CarriesTheDeviceCodeWhereTheRunFoundOne) {
  Experiment e;
  e.family = "attention";
  e.version = "v001_x";
  ExperimentOutcome o;
  o.experiment = &e;
  RunContext ctx;
  ctx.environment = nlohmann::json::object();
  EXPECT_FALSE(make_run_record(ctx, {o})["experiments"][0].contains("device_code"));
  o.device_code = {{"arch", "sm_90a"}, {"kernels", {{"k", std::string(64, 'a')}}}};
  EXPECT_EQ(make_run_record(ctx, {o})["experiments"][0]["device_code"], o.device_code);
}

TEST(RunRecord, BrokenJsonIsRefusedWithTheFix) {
  const auto dir = scratch("broken");
  write_file_atomically(dir.string(), "bad.json", "{\"schema\": 1,");
  try {
    read_run_record((dir / "bad.json").string());
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("git checkout"), std::string::npos);
  }
}

TEST(OptimizationLog, ConcurrentAppendsNeverInterleave) {
  const auto dir = scratch("log");
  const std::string log = (dir / "LOG.md").string();
  const int writers = 4, entries = 50;
  std::vector<pid_t> pids;
  for (int w = 0; w < writers; ++w) {
    const pid_t pid = fork();
    if (pid == 0) {
      for (int i = 0; i < entries; ++i) {
        std::string block = "\n## writer " + std::to_string(w) + " entry " + std::to_string(i) + "\n";
        for (int line = 0; line < 20; ++line) block += "writer " + std::to_string(w) + " line\n";
        append_to_log(log, "# fuselab log, a day\n", block);
      }
      _exit(0);
    }
    pids.push_back(pid);
  }
  for (pid_t pid : pids) {
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  std::istringstream in(slurp(log));
  std::string line, current;
  int headers = 0, log_headers = 0;
  while (std::getline(in, line)) {
    if (line.rfind("# fuselab log, a day", 0) == 0) ++log_headers;
    if (line.rfind("## writer ", 0) == 0) {
      ++headers;
      current = line.substr(3, 8);  // "writer N"
    } else if (line.rfind("writer ", 0) == 0) {
      EXPECT_EQ(line.substr(0, 8), current) << "an entry was interleaved with another";
    }
  }
  EXPECT_EQ(headers, writers * entries);
  EXPECT_EQ(log_headers, 1);
}

}  // namespace
}  // namespace fuselab
