// The notebook's dated files: what `fuselab run` / `calibrate` append (record
// by record, under the lock) is byte for byte what `fuselab report` renders
// from all the records; each entry lands in its day's file; an entry names
// every case but copies nothing else of its record; notes are linked where they belong; and
// the front page stays short however many entries there are.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/core/format_number.h"
#include "harness/core/log_entry.h"
#include "harness/core/log_notes.h"
#include "harness/core/optimization_log.h"
#include "harness/core/report.h"
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

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(ReportLog, AppendingEachRecordGivesTheFilesTheReportRenders) {
  const auto records = load_run_records((kData / "records").string());
  ASSERT_EQ(records.size(), 4u);
  const fs::path dir = test::scratch_dir();
  // The repository's layout, as data/log_2026-11-21.md was made in.
  const std::string log = (dir / "OPTIMIZATION_LOG.md").string(), runs = (dir / "reports/runs").string();
  for (const auto& r : records) log_record(log, runs, r.json);  // as `fuselab run` does, one by one
  const auto files = render_log_files(log_days(records, {}), runs, (dir / "reports/notes").string(), log);
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files.begin()->first, (dir / "reports/log/2026-11-21.md").string());
  EXPECT_EQ(slurp(files.begin()->first), files.begin()->second);
  EXPECT_EQ(files.begin()->second, slurp(kData / "log_2026-11-21.md"));
}

TEST(ReportLog, AnEntryLandsInItsDaysFile) {
  nlohmann::json record = read_run_record((kData / "records/20261121T011456Z-vm-3059.json").string());
  const fs::path dir = test::scratch_dir();
  const std::string log = (dir / "LOG.md").string();
  log_record(log, (dir / "runs").string(), record);
  record["run_id"] = "20261203T235959Z-vm-1";
  record["started_utc"] = "2026-12-03T23:59:59Z";
  log_record(log, (dir / "runs").string(), record);
  const std::string first = slurp(dir / "reports/log/2026-11-21.md"), second = slurp(dir / "reports/log/2026-12-03.md");
  EXPECT_EQ(logged_run_ids(first), std::vector<std::string>{"20261121T011456Z-vm-3059"});
  EXPECT_EQ(logged_run_ids(second), std::vector<std::string>{"20261203T235959Z-vm-1"});
  EXPECT_EQ(first.rfind("# fuselab log, 2026-11-21\n", 0), 0u);
  EXPECT_NE(second.find("[LOG.md](../../LOG.md)"), std::string::npos);
  EXPECT_NE(second.find("Record: [20261203T235959Z-vm-1](../../runs/20261203T235959Z-vm-1.json.gz)"), std::string::npos);
  EXPECT_EQ(log_day("20261121T0300Z-a-note"), "2026-11-21");
  const std::string what = error_of([] { log_day("run-7"); });
  EXPECT_NE(what.find("`run-7` does not start with a UTC stamp"), std::string::npos) << what;
  EXPECT_NE(what.find("Fix:"), std::string::npos) << what;
}

// An entry indexes its record: the verdict, each timed case's median, the
// checked cases on one line, what did not pass; not the declaration or the
// statistics, which the record holds and the entry links.
TEST(ReportLog, AnEntryNamesEveryCaseAndHoldsNoSecondCopyOfTheRecord) {
  nlohmann::json record = read_run_record((kData / "records/20261121T011456Z-vm-3059.json").string());
  const std::string entries = render_run_entries(record, "r.json");
  EXPECT_EQ(count(entries, "- Verdict: "), 3u);
  EXPECT_EQ(count(entries, record["experiments"][0]["hypothesis"].get<std::string>()), 0u);
  EXPECT_EQ(count(entries, "- Checked, not timed: "), 3u);
  EXPECT_EQ(count(entries, "- Did not pass: "), 0u);
  const nlohmann::json& first = record["experiments"][0];
  for (const auto& c : first["cases"]) {
    const std::string name = c["name"].get<std::string>();
    if (c.contains("timing"))
      EXPECT_NE(entries.find(name + " " + format_number("%.2f", c["timing"]["cold"]["stats"]["median"].get<double>())),
                std::string::npos) << name;
    else
      EXPECT_NE(entries.find(name), std::string::npos) << name;
  }
  // A case that failed its check is named with its error; one outside the
  // version's limits is left to the record.
  nlohmann::json& c0 = record["experiments"][0]["cases"][0];
  c0["status"] = "failed";
  c0["reason"] = "3 elements over tolerance";
  record["experiments"][0]["cases"][1]["status"] = "unsupported";
  const std::string changed = render_run_entries(record, "r.json");
  EXPECT_NE(changed.find("- Did not pass: " + c0["name"].get<std::string>() + " failed "), std::string::npos) << changed;
  EXPECT_NE(changed.find("(3 elements over tolerance)"), std::string::npos) << changed;
  const std::string skipped = record["experiments"][0]["cases"][1]["name"].get<std::string>();
  const std::size_t block = changed.find("\n### "), next = changed.find("\n### ", block + 1);
  EXPECT_EQ(count(changed.substr(block, next - block), skipped), 0u) << changed;
}

TEST(ReportLog, NotesAreLinkedAtTheirStampsInTheirDaysFile) {
  const auto records = load_run_records((kData / "records").string());
  const std::string first = records.front().run_id, second = records[1].run_id;
  const std::vector<LogNote> notes = {{first + "-a-note", "## 2026-11-21 — Note: finding A\n\ntext A\n"},
                                      {"20261125T1000Z-later", "# Finding B\n"}};
  const auto files = render_log_files(log_days(records, notes), "/r/runs", "/r/reports/notes", "/r/LOG.md");
  ASSERT_EQ(files.size(), 2u);
  const std::string day = files.at("/r/reports/log/2026-11-21.md");
  const std::string a = "\n## Note " + first.substr(0, first.find('-')) +
                        " — finding A\n\nWritten by hand: [" + first + "-a-note.md](../notes/" + first + "-a-note.md).\n";
  ASSERT_NE(day.find(a), std::string::npos) << day;
  EXPECT_LT(day.find("[" + first + "]"), day.find(a));   // after the first record's entry
  EXPECT_GT(day.find("[" + second + "]"), day.find(a));  // before the second's
  EXPECT_EQ(day.find("text A"), std::string::npos);      // linked, not copied
  EXPECT_EQ(files.at("/r/reports/log/2026-11-25.md"),
            log_day_header("2026-11-25", "../../LOG.md") +
                "\n## Note 20261125T1000Z — Finding B\n\nWritten by hand: [20261125T1000Z-later.md](../notes/"
                "20261125T1000Z-later.md).\n");
}

TEST(ReportLog, NotesAreReadSortedAndAMissingFolderHasNone) {
  EXPECT_TRUE(load_log_notes((test::scratch_dir() / "no-such-notes").string()).empty());
  const fs::path dir = test::scratch_dir() / "notes";
  fs::create_directories(dir);
  std::ofstream(dir / "20261121T0300Z-b.md") << "B\n";
  std::ofstream(dir / "20261121T0200Z-a.md") << "A\n";
  std::ofstream(dir / "README.txt") << "not a note\n";
  const auto notes = load_log_notes(dir.string());
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0].key, "20261121T0200Z-a");
  EXPECT_EQ(notes[1].text, "B\n");
}

TEST(ReportLog, ANoteConcernsTheFamiliesItNamesAsWords) {
  const LogNote note{"k", "## 2026-11-21 — Note: RoPE fusion\n\nsinusoidal/v011 and rope_standalone; attentions.\n"};
  EXPECT_EQ(note_title(note), "RoPE fusion");
  EXPECT_TRUE(note_concerns(note, "rope"));
  EXPECT_TRUE(note_concerns(note, "sinusoidal"));
  EXPECT_TRUE(note_concerns(note, "rope_standalone"));
  EXPECT_FALSE(note_concerns(note, "attention"));
  EXPECT_FALSE(note_concerns(LogNote{"k", "the rope_standalone family"}, "rope"));
  EXPECT_EQ(note_title(LogNote{"k", "\n\n"}), "k");
}

TEST(ReportLog, LinksAreRelativeToTheFolderTheyAreWrittenIn) {
  EXPECT_EQ(log_record_link("/r/reports/runs", "/r/reports/log", "X"), "../runs/X.json.gz");
  EXPECT_EQ(log_record_link("/t/runs", "/t", "X"), "runs/X.json.gz");
  EXPECT_EQ(log_entries_dir("/t/LOG.md"), "/t/reports/log");
}

// Many runs over many days, many notes: the front page holds the summary and
// one line per day, never the entries.
TEST(ReportLog, TheFrontPageStaysUnder2000LinesForALargeRecordSet) {
  const fs::path repo = test::scratch_dir();
  const nlohmann::json sample = read_run_record((kData / "records/20261121T011456Z-vm-3059.json").string());
  const int days = 40, runs_per_day = 6, versions = 120;
  int n = 0;
  for (int d = 0; d < days; ++d)
    for (int r = 0; r < runs_per_day; ++r, ++n) {
      nlohmann::json record = sample;
      char id[64], started[32];
      std::snprintf(id, sizeof id, "2027%02d%02dT%02d0000Z-vm-%d", 1 + d / 28, 1 + d % 28, r, n);
      std::snprintf(started, sizeof started, "2027-%02d-%02dT%02d:00:00Z", 1 + d / 28, 1 + d % 28, r);
      record["run_id"] = id;
      record["started_utc"] = started;
      for (auto& e : record["experiments"]) {
        const std::string v = "v" + std::to_string(100 + n % versions) + "_" + e["version"].get<std::string>();
        e["version"] = v;
        e["id"] = "rope_standalone/" + v;
        e["parent"] = "";
      }
      write_file_atomically((repo / "reports/runs").string(), std::string(id) + ".json", record.dump());
    }
  fs::create_directories(repo / "reports/notes");
  for (int i = 0; i < 150; ++i) {
    char key[64];
    std::snprintf(key, sizeof key, "2027%02d%02dT2300Z-note-%d", 1 + (i % days) / 28, 1 + (i % days) % 28, i);
    std::ofstream(repo / "reports/notes" / (std::string(key) + ".md")) << "## Note: finding " << i << " on rope_standalone\n";
  }
  ReportOptions o;
  o.records_dir = (repo / "reports/runs").string();
  o.reports_dir = (repo / "reports").string();
  o.log = (repo / "OPTIMIZATION_LOG.md").string();
  o.plots = false;
  generate_report(o);
  const std::string front = slurp(repo / "OPTIMIZATION_LOG.md");
  EXPECT_LE(lines(front), 2000u);
  EXPECT_EQ(count(front, "](reports/log/2027-"), static_cast<std::size_t>(days));  // the index: one line per day
  EXPECT_EQ(count(front, "\n### "), 1u);  // one family
  std::size_t entries = 0;
  for (const auto& f : fs::directory_iterator(repo / "reports/log")) entries += count(slurp(f.path()), "\n### ");
  EXPECT_EQ(entries, static_cast<std::size_t>(n * 3));
  // The family report lists every note that names the family; the front page the newest.
  const std::string family = slurp(repo / "reports/rope_standalone.md");
  EXPECT_EQ(count(family, "](notes/2027"), 150u);
  EXPECT_EQ(count(front, "\n- [finding "), 12u);
  EXPECT_NE(front.find("\n- [finding 79 on rope_standalone](reports/notes/20270212T2300Z-note-79.md) (2027-02-12)\n"),
            std::string::npos);  // the newest
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
