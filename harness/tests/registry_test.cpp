// The registry refuses bad declarations with a message naming the fix, and
// resolves ids, short ids, families and globs.
#include <gtest/gtest.h>

#include "harness/core/registry.h"
#include "harness/ops/attention/attention_problem.h"

namespace fuselab {
namespace {

void noop_launch(const AttentionProblem&, void*, cudaStream_t) {}

Experiment make(const std::string& version, const std::string& parent = "") {
  Experiment e;
  e.family = "attention";
  e.version = version;
  e.source_file = "/src/experiments/attention/" + version + ".cu";
  e.parent(parent).hypothesis("tiles of 64 keys keep K in L2").prediction(at_most_us(10, {"c1"}));
  Limits l;
  l.pe = {PeKind::None};
  e.limits(l).launch(&noop_launch);
  return e;
}

std::vector<std::string> cases_of(const std::string&) { return {"c1", "c2"}; }

std::string refusal(const Registry& r) {
  try {
    r.validate(&cases_of);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

Registry with(std::vector<Experiment> list) {
  Registry r;
  for (auto& e : list) r.add(e);
  return r;
}

TEST(Registry, AcceptsAGoodLineage) {
  EXPECT_EQ(refusal(with({make("v000_base"), make("v001_next", "attention/v000_base")})), "");
}

TEST(Registry, RefusesFileNameThatDoesNotMatchVersion) {
  Experiment e = make("v000_base");
  e.source_file = "/src/experiments/attention/v000_other.cu";
  const auto msg = refusal(with({e}));
  EXPECT_TRUE(mentions(msg, "expected experiments/attention/v000_base.cu")) << msg;
  EXPECT_TRUE(mentions(msg, "Fix:")) << msg;
}

TEST(Registry, RefusesFileInAnotherFamilyFolder) {
  Experiment e = make("v000_base");
  e.source_file = "/src/experiments/rope/v000_base.cu";
  EXPECT_TRUE(mentions(refusal(with({e})), "expected experiments/attention/v000_base.cu"));
}

// A design module declares one version per family its PE kinds reach.
TEST(Registry, AcceptsADesignModuleAcrossFamilies) {
  Experiment a = make("v000_base");
  Experiment b = make("v001_next", "attention/v000_base");
  b.source_file = "/src/experiments/designs/next.cu";
  Experiment r = make("v000_base");
  r.family = "rope";
  r.source_file = "/src/experiments/designs/next.cu";
  EXPECT_EQ(refusal(with({a, b, r})), "");
  EXPECT_EQ(b.module(), "designs/next");
  EXPECT_EQ(a.module(), "attention/v000_base");
}

TEST(Registry, RefusesADesignModuleWithTwoVersionsOfOneFamily) {
  Experiment a = make("v000_base");
  a.source_file = "/src/experiments/designs/twice.cu";
  Experiment b = make("v001_next", "attention/v000_base");
  b.source_file = "/src/experiments/designs/twice.cu";
  const auto msg = refusal(with({a, b}));
  EXPECT_TRUE(mentions(msg, "also declares attention/v001_next in the same family")) << msg;
  EXPECT_TRUE(mentions(msg, "Fix:")) << msg;
}

TEST(Registry, KeepsAHypothesisWrittenOverLinesAsOneParagraph) {
  Experiment e = make("v000_base");
  e.hypothesis(R"(
      Tiles of 64 keys keep K in L2:	the score loop
        reads it once.   Expect 1.2x.
  )");
  const Registry r = with({e});
  EXPECT_EQ(r.find("attention/v000_base")->hypothesis_text,
            "Tiles of 64 keys keep K in L2:\tthe score loop reads it once.   Expect 1.2x.");
  Experiment one_line = make("v001_next", "attention/v000_base");
  one_line.hypothesis("  kept as written ");
  EXPECT_EQ(with({one_line}).find("attention/v001_next")->hypothesis_text, "  kept as written ");
}

TEST(Registry, RefusesMalformedVersion) {
  Experiment e = make("v1_base");
  EXPECT_TRUE(mentions(refusal(with({e})), "is not vNNN_slug"));
}

TEST(Registry, RefusesDuplicateId) {
  const auto msg = refusal(with({make("v000_base"), make("v000_base")}));
  EXPECT_TRUE(mentions(msg, "duplicate id")) << msg;
}

TEST(Registry, RefusesEmptyHypothesis) {
  Experiment e = make("v000_base");
  e.hypothesis("  \n");
  EXPECT_TRUE(mentions(refusal(with({e})), "empty hypothesis"));
}

TEST(Registry, RefusesUnknownParent) {
  const auto msg = refusal(with({make("v000_base"), make("v001_next", "attention/v007_missing")}));
  EXPECT_TRUE(mentions(msg, "unknown parent 'attention/v007_missing'")) << msg;
}

TEST(Registry, AcceptsParentsAndBaselinesKnownOutsideTheBuild) {
  // v012 built alone: its parent and its prediction's baseline are a module
  // left out of the build, or an archived version.
  Experiment e = make("v012_alone", "attention/v011_not_built");
  e.prediction(faster_than("attention/v010_archived", 1.02));
  const Registry r = with({e});
  EXPECT_NO_THROW(r.validate(&cases_of, {}, {"attention/v011_not_built", "attention/v010_archived"}));
  // Known nowhere: refused, whatever is built.
  EXPECT_TRUE(mentions(refusal(r), "unknown parent 'attention/v011_not_built'"));
  try {
    r.validate(&cases_of, {}, {"attention/v011_not_built"});
    ADD_FAILURE() << "a baseline known nowhere was accepted";
  } catch (const std::runtime_error& err) {
    EXPECT_TRUE(mentions(err.what(), "unknown version 'attention/v010_archived'")) << err.what();
  }
  // Everything else is still checked.
  Experiment bad = make("v013_alone", "attention/v011_not_built");
  bad.prediction(at_most_us(5, {"no_such_case"}));
  EXPECT_THROW(with({bad}).validate(&cases_of, {}, {"attention/v011_not_built"}), std::runtime_error);
}

TEST(Registry, RefusesMissingParentAfterV000) {
  EXPECT_TRUE(mentions(refusal(with({make("v000_base"), make("v001_next")})), "no parent"));
}

TEST(Registry, RefusesPredictionNamingUnknownCase) {
  Experiment e = make("v000_base");
  e.prediction(at_most_us(5, {"no_such_case"}));
  const auto msg = refusal(with({e}));
  EXPECT_TRUE(mentions(msg, "unknown case 'no_such_case'")) << msg;
  EXPECT_TRUE(mentions(msg, "cases.yaml")) << msg;
}

TEST(Registry, RefusesPredictionNamingUnknownVersion) {
  Experiment e = make("v000_base");
  e.prediction(faster_than("attention/v042_ghost", 2.0));
  EXPECT_TRUE(mentions(refusal(with({e})), "unknown version 'attention/v042_ghost'"));
}

TEST(Registry, AcceptsPredictionNamingAPeer) {
  Registry r = with({make("v000_base")});
  Experiment e = make("v001_next", "attention/v000_base");
  e.prediction(faster_than("torch/sdpa_eager", 2.0));
  r.add(e);
  EXPECT_NO_THROW(r.validate(&cases_of, {"torch/sdpa_eager"}));
}

TEST(Registry, RefusesMissingPrediction) {
  Experiment e = make("v000_base");
  e.prediction(Prediction{});
  EXPECT_TRUE(mentions(refusal(with({e})), "no prediction"));
}

TEST(Registry, RefusesMissingLaunch) {
  Experiment e = make("v000_base");
  e.launch_functions = {};
  EXPECT_TRUE(mentions(refusal(with({e})), "no launch binding"));
}

TEST(Registry, ResolvesIdsShortIdsFamiliesAndGlobs) {
  const Registry r = with({make("v000_base"), make("v001_next", "attention/v000_base"),
                           make("v012_far", "attention/v001_next")});
  EXPECT_EQ(r.resolve("attention/v001_next").size(), 1u);
  ASSERT_EQ(r.resolve("attention/v12").size(), 1u);
  EXPECT_EQ(r.resolve("attention/v12")[0]->version, "v012_far");
  EXPECT_EQ(r.resolve("attention").size(), 3u);
  EXPECT_EQ(r.resolve("attention/v00*").size(), 2u);
}

TEST(Registry, UnknownIdListsTheKnownOnes) {
  const Registry r = with({make("v000_base")});
  try {
    r.resolve("attention/v999_nope");
    FAIL() << "resolve accepted an unknown id";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(mentions(e.what(), "unknown experiment 'attention/v999_nope'"));
    EXPECT_TRUE(mentions(e.what(), "attention/v000_base"));
  }
}

}  // namespace
}  // namespace fuselab
