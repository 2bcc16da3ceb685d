// experiments/<family>/archived.yaml: written and read back unchanged, the
// repository's own index, short ids, and every bad file refused with one
// message naming the file and the fix.
#include "harness/core/archive_index.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

// A root with the repository's attention cases.yaml and nothing archived.
fs::path fresh_root(const std::string& name) {
  const fs::path root = test::scratch_dir() / name;
  fs::remove_all(root);
  fs::create_directories(root / "experiments/attention");
  fs::copy_file(test::source_dir() / "experiments/attention/cases.yaml", root / "experiments/attention/cases.yaml");
  return root;
}

ArchivedVersion entry(const std::string& version) {
  ArchivedVersion a;
  a.family = "attention";
  a.version = version;
  a.parent = "attention/v000_cublas_unfused";
  a.hypothesis = "Two lines:\nkeys in shared memory: \"quoted\", #not a comment";
  a.prediction = "at least 1.05x faster than attention/v000_cublas_unfused";
  a.limits = "pe {none}; head_dim % 4 == 0";
  a.last_commit = "2cadd35f22684e5aabd897817d83fc5fe0e11a65";
  a.verdicts = {{"20261121T062632Z-vm-7414", "REFUTED"}, {"20261125T111115Z-vm-12940", "CONFIRMED"}};
  return a;
}

TEST(ArchiveIndex, WrittenAndReadBackUnchanged) {
  const fs::path root = fresh_root("archive_round_trip");
  EXPECT_TRUE(ArchiveIndex::load(root.string()).all().empty());  // no file: nothing archived
  ArchivedVersion baseline = entry("v000_cublas_unfused");
  baseline.parent.clear();
  baseline.verdicts.clear();
  write_family_archive(root.string(), "attention", {entry("v023_wgmma_both_row_loads"), baseline});
  const ArchiveIndex index = ArchiveIndex::load(root.string());
  ASSERT_EQ(index.all().size(), 2u);
  EXPECT_EQ(index.all()[0].version, "v000_cublas_unfused");  // sorted by version
  const ArchivedVersion* a = index.find("attention/v023_wgmma_both_row_loads");
  ASSERT_NE(a, nullptr);
  const ArchivedVersion want = entry("v023_wgmma_both_row_loads");
  EXPECT_EQ(a->parent, want.parent);
  EXPECT_EQ(a->hypothesis, want.hypothesis);
  EXPECT_EQ(a->prediction, want.prediction);
  EXPECT_EQ(a->limits, want.limits);
  EXPECT_EQ(a->last_commit, want.last_commit);
  ASSERT_EQ(a->verdicts.size(), 2u);
  EXPECT_EQ(a->verdicts[1].run_id, "20261125T111115Z-vm-12940");
  EXPECT_EQ(a->verdicts[1].verdict, "CONFIRMED");
  EXPECT_TRUE(index.find("attention/v000_cublas_unfused")->parent.empty());
  EXPECT_EQ(a->rerun_command(), "fuselab run attention/v023_wgmma_both_row_loads --at " + want.last_commit);
  EXPECT_EQ(index.resolve("attention/v23"), a);
  EXPECT_EQ(index.resolve("attention/v024"), nullptr);
  EXPECT_EQ(index.resolve("attention/*"), nullptr);  // globs select built versions only
}

TEST(ArchiveIndex, TheRepositorysIndexLoads) {
  const ArchiveIndex index = ArchiveIndex::load(test::source_dir().string());
  const auto modules = experiment_modules_in_tree(test::source_dir().string());
  EXPECT_TRUE(modules.count("attention/v900_cpu_reference"));
  // A design module's versions are found by their declarations.
  const auto paths = experiment_module_paths(test::source_dir().string());
  ASSERT_TRUE(paths.count("rope/v104_no_turns"));
  EXPECT_EQ(paths.at("rope/v104_no_turns"), "experiments/designs/no_turns.cu");
  EXPECT_EQ(paths.at("attention/v900_cpu_reference"), "experiments/attention/v900_cpu_reference.cu");
  for (const auto& a : index.all()) EXPECT_FALSE(modules.count(a.id())) << a.id() << " is archived and in the tree";
}

std::string refusal(const std::string& yaml) {
  const fs::path root = fresh_root("archive_bad");
  std::ofstream(root / "experiments/attention/archived.yaml") << yaml;
  try {
    ArchiveIndex::load(root.string());
    return "";
  } catch (const std::runtime_error& e) {
    return e.what();
  }
}

TEST(ArchiveIndex, BadFilesAreRefusedWithTheFix) {
  const std::string ok = "{version: v001_a, hypothesis: h, prediction: p, last_commit: 2cadd35}";
  const struct {
    std::string yaml, says;
  } cases[] = {
      {"archived: [" + ok, "malformed YAML"},
      {"versions: [" + ok + "]\n", "no 'archived' list"},
      {"archived: [v001_a]\n", "entry 1 is not a mapping"},
      {"archived: [{hypothesis: h, prediction: p, last_commit: 2cadd35}]\n", "has no 'version'"},
      {"archived: [{version: V1, hypothesis: h, prediction: p, last_commit: 2cadd35}]\n", "is not vNNN_slug"},
      {"archived: [{version: v001_a, prediction: p, last_commit: 2cadd35}]\n", "has no 'hypothesis'"},
      {"archived: [{version: v001_a, hypothesis: h, prediction: p}]\n", "has no 'last_commit'"},
      {"archived: [{version: v001_a, hypothesis: h, prediction: p, last_commit: main}]\n", "is not a git commit"},
      {"archived: [{version: v001_a, hypothesis: [h], prediction: p, last_commit: 2cadd35}]\n", "is not text"},
      {"archived: [" + ok + ", " + ok + "]\n", "listed twice"},
      {"archived: [{version: v001_a, hypothesis: h, prediction: p, last_commit: 2cadd35, verdicts: REFUTED}]\n",
       "'verdicts' is not a list"},
  };
  for (const auto& c : cases) {
    const std::string message = refusal(c.yaml);
    EXPECT_NE(message.find(c.says), std::string::npos) << c.yaml << " -> " << message;
    EXPECT_NE(message.find("archived.yaml"), std::string::npos) << message;
    EXPECT_NE(message.find("Fix: "), std::string::npos) << message;
  }
  EXPECT_EQ(refusal("archived: [" + ok + "]\n"), "");
}

}  // namespace
}  // namespace fuselab
