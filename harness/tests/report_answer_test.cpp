// The answer a family report opens with and its lineage picture (issue 39):
// on the sample records (harness/tests/data/records, peer_records), the
// fastest passing version per case and its path with the CONFIRMED steps;
// the DOT's bold winner paths and faint archived versions; the SVG the same
// bytes over two renders.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "harness/core/record_index.h"
#include "harness/core/report_answer.h"
#include "harness/core/report_lineage.h"
#include "harness/core/report_markdown.h"
#include "harness/core/report_model.h"
#include "test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

class ReportAnswer : public ::testing::Test {
 protected:
  // The sample records and the synthetic peer record, as report_test's repo.
  RecordIndex index = RecordIndex::load(test::sample_records_dir().string());
  std::vector<FamilyModel> families = build_family_models(index);
  FamilyModel family(const std::string& name) {
    for (const auto& f : families)
      if (f.family == name) return f;
    throw std::runtime_error("no family " + name);
  }
};

TEST(CaseGroup, FromTheShapeTheNameSpells) {
  EXPECT_EQ(case_group("b1_h4_s64_d16384"), "Short sequences (B·Hq·Sq up to 4096 query rows)");
  EXPECT_EQ(case_group("b1_h4_s64_d128_neox"), case_group("b1_h4_s64_d128"));
  EXPECT_EQ(case_group("b8_h16_s1024_d128"), "LLM-like (more than 4096 query rows)");
  EXPECT_EQ(case_group("n128_s8192_d128_inter"), case_group("b8_h16_s1024_d128"));
  EXPECT_EQ(case_group("b1_h8kv2_s64_d128"), case_group("b1_h4_s64_d128"));  // 512 rows
  EXPECT_EQ(case_group("b2_h32_s64_d128"), case_group("b1_h4_s64_d128"));     // 4096 rows: short
  EXPECT_EQ(case_group("b2_h33_s64_d128"), case_group("b8_h16_s1024_d128"));  // 4224 rows
  EXPECT_EQ(case_group("t4096_d64"), "Other cases (no sequence length in the name)");
}

TEST_F(ReportAnswer, NamesTheFastestPassingVersionPerCaseGroupedAndItsPeers) {
  const FamilyModel att = family("attention");
  const std::string md = render_answer(att, "plots/attention-lineage.svg");
  EXPECT_TRUE(contains(md, "[plots/attention-lineage.svg](plots/attention-lineage.svg)")) << md;
  const auto short_at = md.find("### Short sequences"), llm_at = md.find("### LLM-like");
  ASSERT_NE(short_at, std::string::npos) << md;
  ASSERT_NE(llm_at, std::string::npos) << md;
  // v002 is fastest at 1x4x64x128 (12.21 µs); sdpa_compiled (13.42) and
  // sdpa_eager (19.39) are slower, each with compare's interval and call.
  const auto row = md.find("| b1_h4_s64_d128 | v002_split_d | 12.21 | ");
  ASSERT_NE(row, std::string::npos) << md;
  EXPECT_LT(short_at, row);
  EXPECT_LT(row, llm_at);
  EXPECT_TRUE(contains(md.substr(row, md.find('\n', row) - row), "× [")) << md;
  // v000 (cuBLAS) is fastest on the LLM-like case.
  EXPECT_GT(md.find("| b8_h16_s1024_d128 | v000_cublas_unfused | 2158.70 |"), llm_at) << md;
  // Every winner's path from the baseline; none of attention's sample verdicts is CONFIRMED.
  EXPECT_TRUE(contains(md, "Path to v002_split_d (fastest on b1_h4_s64_d128, b1_h4_s64_d512, "))
      << md;
  EXPECT_TRUE(contains(md, "): v000_cublas_unfused → v001_online_softmax → v002_split_d. CONFIRMED steps on it:\n\n"
                           "- none: no version on this path has a CONFIRMED verdict shown.\n"))
      << md;
}

TEST_F(ReportAnswer, AFailedCheckIsNotTheAnswer) {
  FamilyModel att = family("attention");
  ASSERT_TRUE(att.cell("attention/v002_split_d", "b1_h4_s64_d128")->passed);
  att.cells[{"attention/v002_split_d", "b1_h4_s64_d128"}].passed = false;
  EXPECT_EQ(att.fastest_version("b1_h4_s64_d128", true)->id, "attention/v000_cublas_unfused");
  EXPECT_EQ(att.fastest_version("b1_h4_s64_d128", false)->id, "attention/v002_split_d");
  EXPECT_TRUE(contains(render_answer(att, ""), "| b1_h4_s64_d128 | v000_cublas_unfused | 14.91 | "));
}

TEST_F(ReportAnswer, TheChainListsTheConfirmedStepsWithWhatTheyGained) {
  const FamilyModel rs = family("rope_standalone");
  const std::string md = render_answer(rs, "");
  EXPECT_TRUE(contains(md, "| n128_s8192_d128_neox | v001_vec4 | ")) << md;
  EXPECT_TRUE(contains(md, "): v000_naive → v001_vec4. CONFIRMED steps on it:\n\n- v001_vec4: ")) << md;
  EXPECT_TRUE(contains(md, " — 1.99× over v000_naive on n128_s8192_d128_neox; verdict: n128_s8192_d128_neox: 1.99x "))
      << md;
  EXPECT_FALSE(contains(md, "v002_rows_in_flight")) << "neither a winner nor on a winner's path";
}

TEST_F(ReportAnswer, TheFamilyReportOpensWithTheAnswerAndKeepsTheTables) {
  const FamilyModel att = family("attention");
  const std::string md = render_family_report(att, "runs", plot_files(att), {}, {}, "notes", lineage_file(att));
  const auto answer = md.find("\n## Answer\n"), lineage = md.find("\n## Lineage\n"),
             tables = md.find("\n## Side by side\n");
  ASSERT_NE(answer, std::string::npos);
  ASSERT_NE(tables, std::string::npos);
  EXPECT_LT(answer, lineage);
  EXPECT_LT(lineage, tables);
}

TEST_F(ReportAnswer, TheLineageDotMarksWinnerPathsBoldAndArchivedVersionsFaint) {
  FamilyModel rs = family("rope_standalone");
  rs.versions.at(2).archived_at = "0123456789ab";  // v002_rows_in_flight
  const std::string dot = lineage_dot(rs);
  EXPECT_EQ(dot, lineage_dot(rs));
  EXPECT_TRUE(contains(dot, "\"rope_standalone/v000_naive\" -> \"rope_standalone/v001_vec4\" [penwidth=3")) << dot;
  EXPECT_TRUE(contains(dot, "\"rope_standalone/v001_vec4\" -> \"rope_standalone/v002_rows_in_flight\";\n")) << dot;
  EXPECT_TRUE(contains(dot, "\"rope_standalone/v002_rows_in_flight\" [label=\"v002_rows_in_flight\", "
                            "fillcolor=\"#fbe4e4\", style=\"filled,dashed\", fontcolor=\"#999999\""))
      << dot;
  // The winner: CONFIRMED green, bold border; the baseline REFUTED, plain.
  EXPECT_TRUE(contains(dot, "\"rope_standalone/v001_vec4\" [label=\"v001_vec4\", fillcolor=\"#9fd89a\", penwidth=3"))
      << dot;
  EXPECT_TRUE(contains(dot, "\"rope_standalone/v000_naive\" [label=\"v000_naive\", fillcolor=\"#f2a8a8\"];\n")) << dot;
  EXPECT_EQ(winner_path_ids(rs), (std::vector<std::string>{"rope_standalone/v000_naive", "rope_standalone/v001_vec4"}));
}

TEST_F(ReportAnswer, TheLineageSvgIsTheSameBytesTwice) {
  std::string dot;
  try {
    dot = find_dot();
  } catch (const std::exception& e) {
    GTEST_SKIP() << "Graphviz is not installed (scripts/setup.sh installs it): " << e.what();
  }
  const FamilyModel att = family("attention");
  const fs::path a = test::scratch_dir() / "a", b = a.parent_path() / "b";
  fs::create_directories(a);
  fs::create_directories(b);
  const std::string first = draw_lineage_svg(dot, lineage_dot(att), a.string());
  const std::string second = draw_lineage_svg(dot, lineage_dot(att), b.string());
  EXPECT_EQ(first, second);
  EXPECT_TRUE(contains(first, "<svg")) << first;
  EXPECT_TRUE(contains(first, ">v002_split_d</text>")) << first;
  EXPECT_FALSE(contains(first, "Generated by graphviz")) << "the installed Graphviz's version is left out";
}

// Without Graphviz the report stops with one line naming the fix (and
// --no-plots, which draws nothing, does not need it).
TEST(ReportLineage, NoDotIsOneMessageNamingTheFix) {
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  const fs::path empty = test::scratch_dir();
  ::setenv("PATH", empty.c_str(), 1);
  const std::string message = test::error_of([] { find_dot(); });
  ::setenv("PATH", path.c_str(), 1);
  EXPECT_TRUE(contains(message, "no Graphviz `dot` on PATH")) << message;
  EXPECT_TRUE(contains(message, "Fix: apt-get install graphviz (scripts/setup.sh does it), or pass --no-plots"))
      << message;
}

}  // namespace
}  // namespace fuselab
