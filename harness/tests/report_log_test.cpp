// `fuselab report`'s log part: the entries regenerated from the committed
// sample records are the bytes `fuselab run` / `calibrate` appended on the GPU
// machine (data/log_entries.md is cut from that log, not made by this code);
// the summary region is replaced and nothing else; bad records are refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/core/optimization_log.h"
#include "harness/core/report_log.h"
#include "harness/core/report_records.h"
#include "harness/core/run_record.h"
#include "test_support.h"

namespace fuselab {
namespace {

using test::error_of;
using test::slurp;

namespace fs = std::filesystem;

const fs::path kData = test::source_dir() / "harness/tests/data";



TEST(ReportLog, EntriesAreTheBytesTheRunAppended) {
  const auto records = load_run_records((kData / "records").string());
  ASSERT_EQ(records.size(), 4u);
  EXPECT_TRUE(records.front().run_id < records.back().run_id);
  // The records sit in data/records, the log would sit two folders up in
  // the repository layout: pretend the records are at <root>/reports/runs.
  const std::string entries =
      render_log_entries(records, {}, "/repo/reports/runs", "/repo/OPTIMIZATION_LOG.md");
  EXPECT_EQ(entries, slurp(kData / "log_entries.md"));
}

TEST(ReportLog, NotesJoinTheEntriesAtTheirStamps) {
  const auto records = load_run_records((kData / "records").string());
  ASSERT_GE(records.size(), 2u);
  const std::string first = records.front().run_id, second = records[1].run_id;
  // A stamp between the first two records, and one after every record.
  const std::vector<LogNote> notes = {{first + "-a-note", "## Note A\n\ntext A\n"},
                                      {"99991231T000000Z-late", "## Note B\n\ntext B"}};
  const std::string with = render_log_entries(records, notes, "/r/runs", "/r/LOG.md");
  const std::string without = render_log_entries(records, {}, "/r/runs", "/r/LOG.md");
  const auto a = with.find("\n## Note A\n\ntext A\n"), b = with.find("\n## Note B\n\ntext B\n");
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(b, std::string::npos);
  EXPECT_LT(with.find("[" + first + "]"), a);   // after the first record's entry
  EXPECT_GT(with.find("[" + second + "]"), a);  // before the second's
  EXPECT_EQ(b + std::string("\n## Note B\n\ntext B\n").size(), with.size());  // last
  EXPECT_EQ(with.size(), without.size() + std::string("\n## Note A\n\ntext A\n").size() +
                             std::string("\n## Note B\n\ntext B\n").size());
}

TEST(ReportLog, NotesAreReadSortedAndAMissingFolderHasNone) {
  EXPECT_TRUE(load_log_notes((test::scratch_dir() / "no-such-notes").string()).empty());
  const fs::path dir = test::scratch_dir() / "notes";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "20261121T0300Z-b.md") << "B\n";
  std::ofstream(dir / "20261121T0200Z-a.md") << "A\n";
  std::ofstream(dir / "README.txt") << "not a note\n";
  const auto notes = load_log_notes(dir.string());
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].key, "20261121T0200Z-a");
  EXPECT_EQ(notes[1].text, "B\n");
}

TEST(ReportLog, LinksAreRelativeToTheLog) {
  EXPECT_EQ(log_record_link("/r/reports/runs", "/r/OPTIMIZATION_LOG.md", "X"), "reports/runs/X.json.gz");
  EXPECT_EQ(log_record_link("/t/runs", "/t/LOG.md", "X"), "runs/X.json.gz");
  EXPECT_EQ(log_record_link("/t/runs", "/t/logs/LOG.md", "X"), "../runs/X.json.gz");
}

TEST(ReportLog, SummaryRegionIsReplacedAndNothingElse) {
  const std::string log = log_header() + "\n## entry\n\nRecord: [A](runs/A.json)\n";
  const std::string once = replace_summary(log, "\nsummary one\n\n", "LOG.md");
  EXPECT_NE(once.find("<!-- summary:begin -->\n\nsummary one\n\n<!-- summary:end -->\n"),
            std::string::npos);
  const std::string twice = replace_summary(once, "\nsummary two\n\n", "LOG.md");
  EXPECT_EQ(twice, replace_summary(log, "\nsummary two\n\n", "LOG.md"));
  EXPECT_EQ(replace_summary(twice, "", "LOG.md"), log);
  EXPECT_EQ(logged_run_ids(twice), std::vector<std::string>{"A"});
}

TEST(ReportLog, FullLogIsHeaderSummaryEntries) {
  const std::string full = render_full_log("\nS\n", "\n## e\n");
  EXPECT_EQ(full, replace_summary(log_header(), "\nS\n", "x") + "\n## e\n");
}

TEST(ReportLog, MissingOrRepeatedMarkersAreRefusedWithTheFix) {
  for (const std::string& bad :
       {std::string("# log\n"), log_header() + log_header(),
        std::string("<!-- summary:end -->\n<!-- summary:begin -->\n")}) {
    const std::string what = error_of([&] { replace_summary(bad, "x", "LOG.md"); });
    EXPECT_NE(what.find("LOG.md"), std::string::npos) << what;
    EXPECT_NE(what.find("Fix:"), std::string::npos) << what;
  }
}

class ReportRecords : public ::testing::Test {
 protected:
  fs::path dir = test::scratch_dir();
  nlohmann::json good = read_run_record((kData / "records/20261121T021643Z-vm-3069.json").string());
  std::string load_error(const nlohmann::json& record, const std::string& name) {
    write_file_atomically(dir.string(), name + ".json", record.dump(2));
    return error_of([&] { load_run_records(dir.string()); });
  }
};

TEST_F(ReportRecords, MissingFieldIsNamedWithTheFile) {
  nlohmann::json bad = good;
  bad["experiments"][1]["cases"][0].erase("status");
  const std::string what = load_error(bad, good["run_id"].get<std::string>());
  EXPECT_NE(what.find("20261121T021643Z-vm-3069.json"), std::string::npos) << what;
  EXPECT_NE(what.find("experiments[1].cases[0].status is missing"), std::string::npos) << what;
  EXPECT_NE(what.find("Fix:"), std::string::npos) << what;
}

TEST_F(ReportRecords, WrongTypeIsNamed) {
  nlohmann::json bad = good;
  bad["experiments"][0]["cases"][2]["timing"]["cold"]["stats"]["median"] = "fast";
  const std::string what = load_error(bad, good["run_id"].get<std::string>());
  EXPECT_NE(what.find("timing.cold.stats.median is missing or not a number"), std::string::npos)
      << what;
}

TEST_F(ReportRecords, RunIdMustMatchTheFileName) {
  const std::string what = load_error(good, "20990101T000000Z-vm-1");
  EXPECT_NE(what.find("says run_id 20261121T021643Z-vm-3069"), std::string::npos) << what;
}

TEST_F(ReportRecords, OtherSchemaIsRefused) {
  nlohmann::json old = good;
  old["schema"] = 0;
  const std::string what = load_error(old, good["run_id"].get<std::string>());
  EXPECT_NE(what.find("has schema 0"), std::string::npos) << what;
}

TEST_F(ReportRecords, GbenchFilesAndTemporariesAreSkipped) {
  write_file_atomically(dir.string(), good["run_id"].get<std::string>() + ".json", good.dump(2));
  write_file_atomically(dir.string(), "X.gbench.json", "{}");
  write_file_atomically(dir.string(), ".Y.json.tmp.1", "{");
  const auto records = load_run_records(dir.string());
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].run_id, "20261121T021643Z-vm-3069");
}

}  // namespace
}  // namespace fuselab
