// `fuselab report` end to end in-process: the committed sample records (and a
// synthetic peer record) give the same bytes twice, plots included; a bad
// record writes nothing; and the renderers show what the records say.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "harness/core/device_code.h"
#include "harness/core/format_number.h"
#include "harness/core/record_index.h"
#include "harness/core/report.h"
#include "harness/core/report_markdown.h"
#include "harness/core/report_model.h"
#include "harness/core/optimization_log.h"
#include "harness/core/report_plots.h"
#include "harness/core/report_records.h"
#include "harness/tests/synthetic_records.h"
#include "test_support.h"

namespace fuselab {
namespace {

using test::slurp;

namespace fs = std::filesystem;

const fs::path kData = test::source_dir() / "harness/tests/data";


std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out[fs::relative(e.path(), root).string()] = slurp(e.path());
  return out;
}

// <scratch>/repo with reports/runs holding the sample records.
fs::path make_repo(bool with_peers) {
  const fs::path repo = test::scratch_dir() / "repo";
  fs::create_directories(repo / "reports/runs");
  for (const auto& e : fs::directory_iterator(kData / "records"))
    fs::copy_file(e.path(), repo / "reports/runs" / e.path().filename());
  if (with_peers)
    for (const auto& e : fs::directory_iterator(kData / "peer_records"))
      fs::copy_file(e.path(), repo / "reports/runs" / e.path().filename());
  return repo;
}

ReportOptions options_for(const fs::path& repo, bool plots) {
  ReportOptions o;
  o.records_dir = (repo / "reports/runs").string();
  o.reports_dir = (repo / "reports").string();
  o.log = (repo / "OPTIMIZATION_LOG.md").string();
  o.plot_script = (test::source_dir() / "harness/report/plots.py").string();
  o.plots = plots;
  return o;
}

bool contains(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

TEST(Report, TwiceGivesTheSameBytesPlotsIncluded) {
  const fs::path repo = make_repo(true);
  const ReportResult first = generate_report(options_for(repo, true));
  const auto after_first = tree(repo);
  const ReportResult second = generate_report(options_for(repo, true));
  EXPECT_EQ(tree(repo), after_first);
  EXPECT_TRUE(second.written.empty());
  // README, two families, the log's front page and its one day, and 2 plots
  // per family + 1 for attention's peers, and a lineage picture per family.
  EXPECT_EQ(first.written.size(), 5u + 5u + 2u);
  for (const char* f : {"reports/README.md", "reports/attention.md", "reports/rope_standalone.md",
                        "reports/plots/attention-time.svg", "reports/plots/attention-vs-pytorch.svg",
                        "reports/plots/rope_standalone-copy-fraction.svg", "OPTIMIZATION_LOG.md",
                        "reports/log/2026-11-21.md", "reports/plots/attention-lineage.svg"})
    EXPECT_TRUE(after_first.count(f)) << f;
  // No date, no software in the SVGs.
  const std::string svg = after_first.at("reports/plots/attention-time.svg");
  EXPECT_FALSE(contains(svg, "<dc:date>"));
  EXPECT_FALSE(contains(svg, "Matplotlib v"));
  // A fresh copy of the same records gives the same bytes too.
  const fs::path again = make_repo(true);  // same scratch folder, emptied
  generate_report(options_for(again, true));
  EXPECT_EQ(tree(again), after_first);
}

TEST(Report, MissingLogIsRebuiltAndAKeptLogIsWhatTheRecordsGive) {
  const fs::path repo = make_repo(false);
  const fs::path day = repo / "reports/log/2026-11-21.md";
  generate_report(options_for(repo, false));
  const std::string front = slurp(repo / "OPTIMIZATION_LOG.md"), log = slurp(day);
  EXPECT_EQ(log, slurp(kData / "log_2026-11-21.md"));
  EXPECT_TRUE(contains(front, "\n## Summary\n"));
  EXPECT_TRUE(contains(front, "| [2026-11-21](reports/log/2026-11-21.md) | 01:14–02:16 | 4 | 10 | — |\n"));
  // A kept log as the records give it: a normal report repairs nothing.
  EXPECT_TRUE(generate_report(options_for(repo, false)).repairs.empty());
  // Text that no record or note gives (an edit, half an entry) is rewritten,
  // and the report says so: findings by hand belong in reports/notes/.
  std::ofstream(day, std::ios::app) << "\n## 2026-11-21T02:16:28Z — run 2026";
  const ReportResult r = generate_report(options_for(repo, false));
  ASSERT_EQ(r.repairs.size(), 1u);
  EXPECT_TRUE(contains(r.repairs[0], "2026-11-21.md held its entries otherwise")) << r.repairs[0];
  EXPECT_TRUE(contains(r.repairs[0], "rewrote it from the records and notes")) << r.repairs[0];
  EXPECT_EQ(slurp(day), log);
  // --rebuild-log writes the same bytes, and removes a day no record gives.
  std::ofstream(repo / "reports/log/2026-01-01.md") << "# stale\n";
  ReportOptions rebuild = options_for(repo, false);
  rebuild.rebuild_log = true;
  generate_report(rebuild);
  EXPECT_EQ(slurp(day), log);
  EXPECT_EQ(slurp(repo / "OPTIMIZATION_LOG.md"), front);
  EXPECT_FALSE(fs::exists(repo / "reports/log/2026-01-01.md"));
}

TEST(Report, RecordsMissingFromAKeptLogAreNamedAndRestored) {
  const fs::path repo = make_repo(false);
  generate_report(options_for(repo, false));
  fs::copy_file(kData / "peer_records/20261121T030000Z-synthetic-peers.json",
                repo / "reports/runs/20261121T030000Z-synthetic-peers.json");
  const ReportResult r = generate_report(options_for(repo, false));
  ASSERT_EQ(r.repairs.size(), 1u);
  EXPECT_TRUE(contains(r.repairs[0], "no entry for run record(s) 20261121T030000Z-synthetic-peers")) << r.repairs[0];
  EXPECT_TRUE(contains(slurp(repo / "reports/log/2026-11-21.md"), "20261121T030000Z-synthetic-peers"));
}

// A sweep's shards append as they finish: the day's file then holds every run
// out of run-id order. The report puts it in order and calls it no repair.
TEST(Report, EntriesAppendedOutOfTurnAreReorderedNotRepaired) {
  const fs::path repo = make_repo(false);
  const ReportOptions o = options_for(repo, false);
  auto records = load_run_records(o.records_dir);
  ASSERT_GE(records.size(), 2u);
  std::reverse(records.begin(), records.end());
  for (const auto& r : records) log_record(o.log, o.records_dir, r.json);
  const ReportResult r = generate_report(o);
  EXPECT_TRUE(r.repairs.empty()) << r.repairs[0];
  ASSERT_EQ(r.reordered.size(), 1u);
  EXPECT_EQ(r.reordered[0], (repo / "reports/log/2026-11-21.md").string());
  const ReportResult again = generate_report(o);
  EXPECT_TRUE(again.reordered.empty());
  EXPECT_TRUE(again.repairs.empty());
}

// A note is linked from its day's file and from the reports of the families
// it names, with its title.
TEST(Report, NotesAreLinkedFromTheirDayAndTheirFamilies) {
  const fs::path repo = make_repo(false);
  fs::create_directories(repo / "reports/notes");
  std::ofstream(repo / "reports/notes/20261121T0300Z-split-d.md") << "## 2026-11-21 — Note: split-D at D = 16384\n\nattention only.\n";
  generate_report(options_for(repo, false));
  const std::string link = "[split-D at D = 16384](notes/20261121T0300Z-split-d.md) (2026-11-21)";
  EXPECT_TRUE(contains(slurp(repo / "reports/attention.md"), "\n## Notes\n")) << slurp(repo / "reports/attention.md");
  EXPECT_TRUE(contains(slurp(repo / "reports/attention.md"), "- " + link + "\n"));
  EXPECT_FALSE(contains(slurp(repo / "reports/rope_standalone.md"), "split-d"));
  EXPECT_TRUE(contains(slurp(repo / "reports/log/2026-11-21.md"),
                       "Written by hand: [20261121T0300Z-split-d.md](../notes/20261121T0300Z-split-d.md).\n"));
  const std::string front = slurp(repo / "OPTIMIZATION_LOG.md");
  EXPECT_TRUE(contains(front, "- [split-D at D = 16384](reports/notes/20261121T0300Z-split-d.md) (2026-11-21)\n"));
  EXPECT_TRUE(contains(front, "| [split-d](reports/notes/20261121T0300Z-split-d.md) |\n"));
}

TEST(Report, DebrisOfAKilledWriterIsRemovedAndNamed) {
  const fs::path repo = make_repo(false);
  generate_report(options_for(repo, false));
  const std::string log = slurp(repo / "OPTIMIZATION_LOG.md");
  const fs::path runs = repo / "reports/runs";
  std::ofstream(runs / "20261122T000000Z-vm-9.gbench.json") << "{}";      // its record never landed
  std::ofstream(runs / ".20261122T000000Z-vm-9.json.tmp.999999999") << "{";  // its writer is gone
  std::ofstream(repo / "reports" / ".attention.md.tmp.999999999") << "# half";
  std::ofstream(repo / "reports/log" / ".2026-11-21.md.tmp.999999999") << "# half";
  const ReportResult r = generate_report(options_for(repo, false));
  EXPECT_EQ(r.repairs.size(), 4u);
  EXPECT_FALSE(fs::exists(repo / "reports/log" / ".2026-11-21.md.tmp.999999999"));
  EXPECT_FALSE(fs::exists(runs / "20261122T000000Z-vm-9.gbench.json"));
  EXPECT_FALSE(fs::exists(runs / ".20261122T000000Z-vm-9.json.tmp.999999999"));
  EXPECT_FALSE(fs::exists(repo / "reports" / ".attention.md.tmp.999999999"));
  EXPECT_EQ(slurp(repo / "OPTIMIZATION_LOG.md"), log);
}

// The lineage says whether the code behind each verdict is the code built
// now: a record's include closure against the build's.
TEST(Report, AVerdictOfAnotherClosureIsShownAsSourceChangedSince) {
  const fs::path repo = make_repo(false);
  const fs::path record = repo / "reports/runs/20261121T021628Z-vm-2983.json";
  nlohmann::json j = nlohmann::json::parse(slurp(record));
  for (auto& e : j["experiments"])
    if (e["id"] == "attention/v002_split_d") e["closure"] = {{"sha256", std::string(64, 'a')}, {"files", 9}};
  std::ofstream(record, std::ios::trunc) << j.dump();
  const auto lineage_row = [&](const std::string& version) {
    const std::string report = slurp(repo / "reports/attention.md");
    const auto at = report.find("| " + version + " |", report.find("\n## Lineage\n"));
    return at == std::string::npos ? std::string() : report.substr(at, report.find('\n', at) - at);
  };
  ReportOptions o = options_for(repo, false);
  o.built_code.add_closure("attention/v002_split_d", std::string(64, 'a'));
  generate_report(o);
  EXPECT_TRUE(contains(lineage_row("v002_split_d"), "| current |")) << lineage_row("v002_split_d");
  EXPECT_TRUE(contains(lineage_row("v001_online_softmax"), "| no closure on record |"))
      << lineage_row("v001_online_softmax");
  o.built_code.add_closure("attention/v002_split_d", std::string(64, 'b'));  // a header it includes was edited
  generate_report(o);
  EXPECT_TRUE(contains(lineage_row("v002_split_d"), "| changed since |")) << lineage_row("v002_split_d");
  o.built_code = BuiltCode();
  o.archived["attention/v002_split_d"] = "2cadd35f22684e5aabd897817d83fc5fe0e11a65";
  generate_report(o);
  EXPECT_TRUE(contains(lineage_row("v002_split_d"), "| archived at 2cadd35f2268 |")) << lineage_row("v002_split_d");
}

// Where the record says which device code ran, the lineage names it.
TEST(Report, TheLineageNamesTheDeviceCodeOnRecord) {
  const fs::path repo = make_repo(false);
  const fs::path record = repo / "reports/runs/20261121T021628Z-vm-2983.json";
  nlohmann::json j = nlohmann::json::parse(slurp(record));
  const nlohmann::json code = {{"arch", "sm_90a"}, {"kernels", {{"split_d", std::string(64, 'c')}}}};
  for (auto& e : j["experiments"]) {
    if (e["id"] == "attention/v002_split_d") e["device_code"] = code;
    if (e["id"] == "attention/v001_online_softmax")
      e["device_code"] = {{"arch", "sm_90a"}, {"kernels", {{"online", "unavailable: not in the executable"}}}};
  }
  std::ofstream(record, std::ios::trunc) << j.dump();
  generate_report(options_for(repo, false));
  const std::string report = slurp(repo / "reports/attention.md");
  EXPECT_TRUE(contains(report, "| no closure on record, SASS `" + device_code_digest(code) + "` |")) << report;
  const auto at = report.find("| v001_online_softmax |");
  ASSERT_NE(at, std::string::npos);
  EXPECT_FALSE(contains(report.substr(at, report.find('\n', at) - at), "SASS")) << "a digest without every hash";
}

TEST(Report, CorruptRecordWritesNothing) {
  const fs::path repo = make_repo(true);
  generate_report(options_for(repo, true));
  const auto before = tree(repo);
  {
    std::ofstream bad(repo / "reports/runs/20261121T040000Z-vm-1.json");
    bad << "{\"schema\": 1, \"run_id\": \"20261121T040000Z-vm-1\", \"experiments\": [";
  }
  fs::remove_all(repo / "reports/plots");
  fs::remove(repo / "reports/README.md");
  const auto expected = [&] {
    auto t = tree(repo);
    return t;
  }();
  try {
    generate_report(options_for(repo, true));
    FAIL() << "a corrupt record must stop the report";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(contains(e.what(), "20261121T040000Z-vm-1.json")) << e.what();
    EXPECT_TRUE(contains(e.what(), "Fix:")) << e.what();
  }
  EXPECT_EQ(tree(repo), expected);
  EXPECT_NE(tree(repo), before);
}

TEST(Report, UnknownSchemaIsRefusedAndWritesNothing) {
  const fs::path repo = make_repo(false);
  const std::string path = (repo / "reports/runs/20261121T021643Z-vm-3069.json").string();
  std::string text = slurp(path);
  text.replace(text.find("\"schema\": 1"), 11, "\"schema\": 7");
  std::ofstream(path, std::ios::trunc) << text;
  const auto before = tree(repo);
  try {
    generate_report(options_for(repo, false));
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(contains(e.what(), "has schema 7")) << e.what();
  }
  EXPECT_EQ(tree(repo), before);
}

class ReportRenderers : public ::testing::Test {
 protected:
  fs::path repo = make_repo(true);
  RecordIndex index = RecordIndex::load((repo / "reports/runs").string());
  std::vector<FamilyModel> families = build_family_models(index);
  const FamilyModel& family(const std::string& name) {
    for (const auto& f : families)
      if (f.family == name) return f;
    throw std::runtime_error("no family " + name);
  }
};

TEST_F(ReportRenderers, TheReadmeAnswerHasEachShapesFastestPassingVersion) {
  const FamilyModel& att = family("attention");
  const std::string c = att.cases.front();
  const ReportExperiment* best = att.fastest_version(c, true);
  ASSERT_NE(best, nullptr);
  const std::string md = render_readme_answer(families, "reports");
  EXPECT_TRUE(contains(md, "| shape | [attention](reports/attention.md) | [rope_standalone](reports/rope_standalone.md) |"))
      << md;
  const ReportCell* cell = att.cell(best->id, c);
  EXPECT_TRUE(contains(md, "| " + att.shape.at(c) + " | " + best->label + " · " + format_number("%.2f", cell->median_us) +
                               " µs · "))
      << md;
  // A shape one family never timed: an empty cell in its column, not a number.
  const std::string rs_shape = family("rope_standalone").shape.at(family("rope_standalone").cases.front());
  EXPECT_TRUE(contains(md, "| " + rs_shape + " | |")) << md;
}

TEST(Report, TheReadmeBlockIsRewrittenAndNothingElse) {
  const fs::path repo = make_repo(true);
  const std::string before = std::string("# a project\n\nText above.\n") + kReadmeAnswerBegin + "\nstale\n" +
                             kReadmeAnswerEnd + "\nText below.\n";
  std::ofstream(repo / "README.md") << before;
  ReportOptions o = options_for(repo, false);
  o.readme = (repo / "README.md").string();
  generate_report(o);
  const std::string after = slurp(repo / "README.md");
  EXPECT_EQ(after.rfind("# a project\n\nText above.\n", 0), 0u) << after;
  EXPECT_TRUE(contains(after, "| shape |")) << after;
  EXPECT_FALSE(contains(after, "stale")) << after;
  EXPECT_TRUE(contains(after, std::string(kReadmeAnswerEnd) + "\nText below.\n")) << after;
  EXPECT_TRUE(generate_report(o).written.empty());  // twice: no byte changes
  // Without the markers the file is left as it is.
  std::ofstream(repo / "README.md", std::ios::trunc) << "# no block\n";
  generate_report(o);
  EXPECT_EQ(slurp(repo / "README.md"), "# no block\n");
}

TEST_F(ReportRenderers, ModelTakesTheLatestRunAndLeavesInstrumentsOut) {
  ASSERT_EQ(families.size(), 2u);
  const FamilyModel& rs = family("rope_standalone");
  EXPECT_EQ(rs.baseline, "rope_standalone/v000_naive");
  EXPECT_EQ(rs.versions.size(), 3u);
  EXPECT_TRUE(rs.peers.empty());
  const ReportCell* c = rs.cell("rope_standalone/v001_vec4", "n128_s8192_d128_inter");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->run_id, "20261121T021643Z-vm-3069");  // the newer of the two runs
  const FamilyModel& att = family("attention");
  ASSERT_EQ(att.peers.size(), 2u);
  EXPECT_EQ(att.peers[0].id, "torch/sdpa_compiled");
  EXPECT_EQ(att.head_dim.at("b1_h4_s64_d2048"), 2048);
  // Timed cases only, in the order the record lists them.
  EXPECT_EQ(att.cases.front(), "b1_h4_s64_d128");
  EXPECT_EQ(std::count(att.cases.begin(), att.cases.end(), "b1_h1_s1_d64"), 0);
}

TEST_F(ReportRenderers, CasesFollowTheGivenOrderThenTheRecords) {
  const FamilyModel& as_recorded = family("attention");
  ASSERT_GE(as_recorded.cases.size(), 3u);
  // A newer run of a subset no longer reorders the columns: the given order
  // (cases.yaml's) comes first, cases it does not name keep the records' order.
  const std::string last = as_recorded.cases.back(), second = as_recorded.cases[1];
  const std::vector<FamilyModel> ordered = build_family_models(index, {last, "no_such_case", second});
  const FamilyModel* att = nullptr;
  for (const auto& f : ordered)
    if (f.family == "attention") att = &f;
  ASSERT_NE(att, nullptr);
  ASSERT_EQ(att->cases.size(), as_recorded.cases.size());
  EXPECT_EQ(att->cases[0], last);
  EXPECT_EQ(att->cases[1], second);
  EXPECT_EQ(att->cases[2], as_recorded.cases.front());
}

TEST_F(ReportRenderers, FamilyReportShowsLineageTablesAndPeers) {
  const FamilyModel& att = family("attention");
  const std::string md = render_family_report(att, "runs", plot_files(att));
  EXPECT_TRUE(contains(md, "| v001_online_softmax | v000_cublas_unfused | REFUTED | "
                           "[20261121T021628Z-vm-2983](runs/20261121T021628Z-vm-2983.json.gz) |"))
      << md;
  EXPECT_TRUE(contains(md, "### v002_split_d ← v001_online_softmax — REFUTED"));
  EXPECT_TRUE(contains(md, "### Speedup over the fastest PyTorch peer"));
  EXPECT_TRUE(contains(md, "| torch/sdpa_eager |"));
  EXPECT_TRUE(contains(md, "![plots/attention-vs-pytorch.svg](plots/attention-vs-pytorch.svg)"));
  // The baseline over itself is exactly 1.
  EXPECT_TRUE(contains(md, "| v000_cublas_unfused | 1.00× |")) << md;
  // sdpa_compiled is the synthetic record's v000 times 0.9: v000 is 0.90× of it.
  const ReportCell* v0 = att.cell(att.baseline, "b1_h4_s64_d128");
  const ReportCell* peer = att.best_peer("b1_h4_s64_d128");
  ASSERT_TRUE(v0 && peer);
  EXPECT_NEAR(peer->median_us / v0->median_us, 0.9, 1e-9);
}

TEST_F(ReportRenderers, PlotsDrawTheDefaultBuildAndThePeersNotTheArchive) {
  FamilyModel att = family("attention");
  ASSERT_GE(att.versions.size(), 2u);
  att.versions[1].archived_at = "0123456789ab";
  const nlohmann::json data = plot_data({att});
  std::vector<std::string> ids;
  for (const auto& s : data["families"][0]["series"]) ids.push_back(s["id"].get<std::string>());
  EXPECT_EQ(std::count(ids.begin(), ids.end(), att.versions[1].id), 0);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), att.versions[0].id), 1);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "torch/sdpa_eager"), 1);
}

TEST_F(ReportRenderers, TargetsAreShownAgainstTheClosestVersion) {
  const FamilyModel& att = family("attention");
  const std::string c = "b1_h4_s64_d128";
  const ReportExperiment* fastest = nullptr;
  for (const auto& v : att.versions)
    if (const ReportCell* cell = att.cell(v.id, c); cell && (!fastest || cell->median_us < att.cell(fastest->id, c)->median_us))
      fastest = &v;
  ASSERT_NE(fastest, nullptr);
  const double t = att.cell(fastest->id, c)->median_us;
  std::vector<Target> targets(4);
  targets[0] = {c, t + 1.0, std::nullopt, "issue 9", {{"1x4x64x128", 2.4, "Q, K, V in | O out", "probe, note"}}};
  targets[1] = {c, t / 2, std::nullopt, ""};
  targets[2] = {c, std::nullopt, 1.0, ""};  // no version moves bytes at the whole copy ceiling
  targets[3] = {"b1_h1_s1_d64", 5.0, std::nullopt, ""};  // checked, never timed
  const std::string md = render_family_report(att, "runs", {}, targets);
  const std::string measured = format_number("%.2f", t) + " µs";
  EXPECT_TRUE(contains(md, "| " + c + " | ≤ " + format_number("%g", t + 1.0) + " µs | " + fastest->label + " | " +
                               measured + " | yes | 2.40 µs: Q, K, V in / O out (probe, note) | issue 9 |"))
      << md;
  EXPECT_TRUE(contains(md, "| " + c + " | ≤ " + format_number("%g", t / 2) + " µs | " + fastest->label + " | " +
                               measured + " | no | none measured | — |"))
      << md;
  const ReportExperiment* widest = nullptr;  // the largest fraction of the copy ceiling
  for (const auto& v : att.versions)
    if (const ReportCell* cell = att.cell(v.id, c); cell && cell->copy_fraction &&
                                                    (!widest || *cell->copy_fraction > *att.cell(widest->id, c)->copy_fraction))
      widest = &v;
  ASSERT_NE(widest, nullptr);
  EXPECT_TRUE(contains(md, "| " + c + " | ≥ 100.0% of the copy ceiling | " + widest->label + " | " +
                               format_number("%.1f%%", *att.cell(widest->id, c)->copy_fraction * 100) + " | no | none measured | — |"))
      << md;
  EXPECT_TRUE(contains(md, "| b1_h1_s1_d64 | ≤ 5 µs | — | — | not timed | none measured | — |")) << md;
  EXPECT_LT(md.find("## Targets"), md.find("## Lineage"));
  // No targets, no section.
  EXPECT_FALSE(contains(render_family_report(att, "runs", {}), "## Targets"));
}

TEST_F(ReportRenderers, SummaryNamesTheFastestVersionPerCase) {
  const std::vector<RecordFile> no_records;
  const std::string s = render_log_summary(families, no_records, "reports");
  const FamilyModel& rs = family("rope_standalone");
  for (const auto& c : rs.cases) {
    std::string best;
    double t = 1e300;
    for (const auto& v : rs.versions)
      if (const ReportCell* cell = rs.cell(v.id, c); cell && cell->median_us < t) {
        t = cell->median_us;
        best = v.label;
      }
    EXPECT_TRUE(contains(s, "| " + c + " | " + best + " | ")) << c << "\n" << s;
  }
  EXPECT_TRUE(contains(s, "3 versions: 1 CONFIRMED, 2 REFUTED. [Report](reports/rope_standalone.md)"))
      << s;
  EXPECT_TRUE(contains(s, "(torch/sdpa_compiled) |")) << s;
  // With targets, the family's line counts those met.
  const std::string c = rs.cases.front();
  const ReportCell* fastest = nullptr;
  for (const auto& v : rs.versions)
    if (const ReportCell* cell = rs.cell(v.id, c); cell && (!fastest || cell->median_us < fastest->median_us)) fastest = cell;
  ASSERT_NE(fastest, nullptr);
  const std::map<std::string, std::vector<Target>> targets = {
      {"rope_standalone", {{c, fastest->median_us * 2, std::nullopt, ""}, {c, fastest->median_us / 2, std::nullopt, ""}}}};
  EXPECT_TRUE(contains(render_log_summary(families, no_records, "reports", targets),
                       "[Report](reports/rope_standalone.md). Targets met: 1 of 2."));
}

// Three runs of one version: REFUTED, then timed only as a baseline
// (UNTESTED), then, with `third_source`, UNTESTED again. The models point
// into the index's records (shared, so they outlive a move of the index).
struct ThreeRuns {
  RecordIndex index;
  std::vector<FamilyModel> models;
};

ThreeRuns three_runs(const std::string& third_source) {
  const fs::path dir = test::scratch_dir();
  const test::SyntheticExperiment v1{"attention/v001_x", "", {{"c", {}, {}}}};  // checked, not timed
  auto with_verdict = [](nlohmann::json r, const std::string& value, const std::string& source) {
    r["experiments"][0]["version"] = "v001_x";
    r["experiments"][0]["source_sha256"] = source;
    r["experiments"][0]["verdict"] = {{"value", value}, {"reason", value + " reason"}};
    r["experiments"][0]["hypothesis"] = "h";
    r["experiments"][0]["prediction"] = {{"text", "p"}};
    return r;
  };
  test::write_record(dir, with_verdict(test::synthetic_record("20260101T000000Z-a-1", {v1}), "REFUTED", "aaaa"));
  test::write_record(dir, with_verdict(test::synthetic_record("20260102T000000Z-a-2", {v1}), "UNTESTED", "aaaa"));
  test::write_record(dir,
                     with_verdict(test::synthetic_record("20260103T000000Z-a-3", {v1}), "UNTESTED", third_source));
  ThreeRuns t{RecordIndex::load(dir.string()), {}};
  t.models = build_family_models(t.index);
  return t;
}

TEST(ReportVerdicts, ABaselineOnlyRunDoesNotHideTheLastTestedVerdict) {
  const ThreeRuns t = three_runs("aaaa");
  const std::vector<FamilyModel>& models = t.models;
  ASSERT_EQ(models.size(), 1u);
  const ReportExperiment& v = models[0].versions.at(0);
  EXPECT_EQ(v.declaration_run, "20260103T000000Z-a-3");
  EXPECT_EQ(v.verdict_run, "20260101T000000Z-a-1");
  const std::string md = render_family_report(models[0], "runs", {});
  EXPECT_TRUE(contains(md, "| v001_x | — | REFUTED | [20260101T000000Z-a-1](runs/20260101T000000Z-a-1.json.gz) |"))
      << md;
  EXPECT_TRUE(contains(md, "- Verdict: REFUTED — REFUTED reason (run 20260101T000000Z-a-1)")) << md;
}

TEST(ReportVerdicts, AVerdictOfOlderSourceIsNotShown) {
  const ThreeRuns t = three_runs("bbbb");
  const std::vector<FamilyModel>& models = t.models;
  const ReportExperiment& v = models.at(0).versions.at(0);
  EXPECT_EQ(v.verdict_run, "20260103T000000Z-a-3");
  EXPECT_TRUE(contains(render_family_report(models[0], "runs", {}), "| v001_x | — | UNTESTED |"));
}

}  // namespace
}  // namespace fuselab
