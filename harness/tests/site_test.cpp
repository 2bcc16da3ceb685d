// The site `fuselab report --html` writes (issue 39, point 3), on the sample
// records and on synthetic bad input: the same bytes twice, every link
// resolving to a page of the site, everything from a record escaped, and a
// clear word (never a crash or a blank) where a family has no PyTorch peer,
// no passing version, or a version no parent on record.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "harness/core/record_derived.h"
#include "harness/core/record_index.h"
#include "harness/core/report_model.h"
#include "harness/core/site.h"
#include "harness/core/site_html.h"
#include "synthetic_records.h"
#include "test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The site of the records in `dir`, as generate_report renders it.
std::map<std::string, std::string> site_of(const fs::path& dir) {
  const RecordIndex index = RecordIndex::load(dir.string());
  const std::vector<FamilyModel> families = build_family_models(index);
  std::vector<RecordFile> records;
  for (const auto& r : index.records()) records.push_back({r.path, r.run_id, *r.json});
  SiteInput input{&families, &records, &index, test::source_dir().string(), {}};
  return render_site(input);
}

// Every href and src of every page that is not a fragment, as paths
// relative to the site's top, with the page that holds it.
std::vector<std::pair<std::string, std::string>> links_of(const std::map<std::string, std::string>& site) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [page, text] : site) {
    if (fs::path(page).extension() != ".html") continue;
    for (const char* attribute : {" href=\"", " src=\""})
      for (auto at = text.find(attribute); at != std::string::npos; at = text.find(attribute, at + 1)) {
        const auto begin = at + std::char_traits<char>::length(attribute);
        const std::string target = text.substr(begin, text.find_first_of("\"#", begin) - begin);
        if (!target.empty())
          out.push_back({page, (fs::path(page).parent_path() / target).lexically_normal().generic_string()});
      }
  }
  return out;
}

// A synthetic experiment entry with a declaration and its timing's statistics; `parent` empty = none on record.
json declared(json experiment, const std::string& parent, const std::string& verdict, const std::string& hypothesis) {
  if (!parent.empty()) experiment["parent"] = parent;
  experiment["version"] = experiment["id"].get<std::string>().substr(experiment["id"].get<std::string>().find('/') + 1);
  experiment["hypothesis"] = hypothesis;
  experiment["prediction"] = {{"text", "cold median at most 10 us"}};
  experiment["verdict"] = {{"value", verdict}, {"reason", "synthetic"}};
  for (json& c : experiment["cases"])  // with the statistics a record derives from its samples
    if (c.contains("timing"))
      c["timing"]["cold"] = timing_series_json(c["timing"]["cold"]["samples"].get<std::vector<double>>());
  return experiment;
}

TEST(SiteHtml, EscapesEverythingMarkupReads) {
  EXPECT_EQ(site::html_escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(site::link("a\"b.html", "<i>"), "<a href=\"a&quot;b.html\">&lt;i&gt;</a>");
  EXPECT_EQ(site::json_block(json{{"k", "<b>"}, {"xs", {1, 2}}}),
            "<pre class=\"json\">{\n  &quot;k&quot;: &quot;&lt;b&gt;&quot;,\n  &quot;xs&quot;: [1,2]\n}</pre>\n");
}

TEST(Site, SampleRecordsGiveEveryKindOfPageTheSameBytesTwiceAndLinksThatResolve) {
  const fs::path dir = test::sample_records_dir();
  const auto site = site_of(dir);
  EXPECT_EQ(site, site_of(dir));
  for (const char* page : {"index.html", "site.css", "site.js", "family/attention.html",
                           "version/attention/v002_split_d.html", "run/20261121T021628Z-vm-2983.html"})
    EXPECT_TRUE(site.count(page)) << page;
  for (const auto& [page, target] : links_of(site)) EXPECT_TRUE(site.count(target)) << page << " links " << target;
  // The answer: v002 is the fastest passing version on b1_h4_s64_d128, against both peers.
  const std::string& family = site.at("family/attention.html");
  EXPECT_TRUE(contains(family, "<td data-sort=\"b1_h4_s64_d128\">b1_h4_s64_d128</td><td data-sort=\"v002_split_d\">"
                               "<a href=\"../version/attention/v002_split_d.html\">v002_split_d</a>"))
      << family;
  EXPECT_TRUE(contains(family, "vs torch/sdpa_eager (95 % interval)")) << family;
  // The version page: its parent, its results with their spread, its source.
  const std::string& version = site.at("version/attention/v002_split_d.html");
  EXPECT_TRUE(contains(version, "Parent: <a href=\"../../version/attention/v001_online_softmax.html\">")) << version;
  EXPECT_TRUE(contains(version, "IQR / median")) << version;
  EXPECT_TRUE(contains(version, "The records hold no source text")) << version;
}

TEST(Site, NoPeerNoPassingVersionNoParentEachRenderAWord) {
  const fs::path dir = test::scratch_dir() / "runs";
  fs::create_directories(dir);
  const auto slow = test::samples_around(50.0, 0.01, 12, 1);
  json r = test::synthetic_record(
      "20260101T000000Z-vm-1",
      {{"lonely/v000_first", "", {{"n1_s64_d128", slow, {}, "failed"}}},
       {"lonely/v001_second", "", {{"n1_s64_d128", slow, {}, "failed"}, {"n1_s64_d256", {}, {}, "error"}}}});
  r["experiments"][0] = declared(r["experiments"][0], "", "REFUTED", "first");
  r["experiments"][1] = declared(r["experiments"][1], "lonely/v000_first", "INCONCLUSIVE", "second");
  r.erase("ceilings");
  test::write_record(dir, r);
  const auto site = site_of(dir);
  const std::string& family = site.at("family/lonely.html");
  EXPECT_TRUE(contains(family, site::kNoPeer)) << family;
  EXPECT_TRUE(contains(family, ">no passing version</span>")) << family;
  EXPECT_TRUE(contains(site.at("index.html"), ">no passing version</span>"));
  EXPECT_TRUE(contains(site.at("version/lonely/v000_first.html"),
                       "Parent: <span class=\"missing\">none on record</span>"));
  EXPECT_TRUE(contains(site.at("version/lonely/v000_first.html"), "Children: <a href=\"../../version/lonely/v001_second.html\">"));
  EXPECT_TRUE(contains(site.at("version/lonely/v001_second.html"), ">not timed</span>"));
  EXPECT_TRUE(contains(site.at("run/20260101T000000Z-vm-1.html"), "No ceilings on record"));
  for (const auto& [page, target] : links_of(site)) EXPECT_TRUE(site.count(target)) << page << " links " << target;
  for (const auto& [path, text] : site) EXPECT_FALSE(text.empty()) << path;
}

TEST(Site, EscapesWhatARecordSays) {
  const fs::path dir = test::scratch_dir() / "runs";
  fs::create_directories(dir);
  json r = test::synthetic_record("20260101T000000Z-vm-1",
                                  {{"evil/v001_<b>x", "", {{"n1_s64_d128", test::samples_around(5, 0.01, 8, 2), {}}}}});
  r["experiments"][0] = declared(r["experiments"][0], "../../etc", "CONFIRMED", "<script>alert(1)</script>");
  test::write_record(dir, r);
  const auto site = site_of(dir);
  for (const auto& [path, text] : site) {
    EXPECT_FALSE(contains(text, "<script>alert")) << path;
    EXPECT_FALSE(contains(text, "<b>x")) << path;
    EXPECT_FALSE(contains(path, "..")) << path;
  }
  EXPECT_TRUE(site.count("version/evil/v001__b_x.html"));
  EXPECT_TRUE(contains(site.at("version/evil/v001__b_x.html"), "&lt;script&gt;alert(1)&lt;/script&gt;"));
}

TEST(Site, WritesOnlyIntoASiteAndRemovesStalePages) {
  const fs::path root = test::scratch_dir();
  fs::create_directories(root / "other");
  std::ofstream(root / "other/notes.txt") << "mine";
  EXPECT_TRUE(contains(test::error_of([&] { write_site((root / "other").string(), {{"index.html", "x"}}); }),
                       "holds files but no index.html"));
  EXPECT_TRUE(fs::exists(root / "other/notes.txt"));
  const fs::path out = root / "site";
  const SiteWriteResult first = write_site(out.string(), {{"index.html", "a"}, {"run/r1.html", "b"}, {"run/r2.html", "c"}});
  EXPECT_EQ(first.written, 3u);
  const SiteWriteResult second = write_site(out.string(), {{"index.html", "a"}, {"run/r1.html", "b"}});
  EXPECT_EQ(second.written, 0u);
  EXPECT_EQ(second.unchanged, 2u);
  EXPECT_EQ(second.removed, 1u);
  EXPECT_FALSE(fs::exists(out / "run/r2.html"));
}

}  // namespace
}  // namespace fuselab
