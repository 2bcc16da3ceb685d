// The op interface (harness/core/op_declaration.h): the built-in ops are
// declared completely, and every kind of bad input about ops gets one
// message naming the file and the fix — a declaration without a tensor
// shape or with a limit Limits does not have, a case that omits a parameter
// of its op, a tensor shape the parameters contradict, a version declaring
// a limit its op does not know.
#include "harness/core/op_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "harness/core/cases_file.h"
#include "harness/core/limits_vocabulary.h"
#include "harness/core/registry.h"
#include "harness/ops/common/problem_launch.h"
#include "harness/ops/rope/rope_problem.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

// x [R, C] -> out [R, C]: a complete declaration, named `name`.
OpDeclaration rows_op(const std::string& name) {
  using Role = TensorDeclaration::Role;
  OpDeclaration op;
  op.name = name;
  op.source_file = __FILE__;
  op.shape_keys = {"R", "C"};
  op.read_shape = [](const CaseFields& f, CaseSpec& spec) { spec.D = f.dim("C"); };
  op.read_parameters = [](const CaseFields&, CaseSpec&) {};
  op.parameters = [](const CaseSpec& c) { return nlohmann::json{{"R", c.dims.at("R")}}; };
  op.shape_text = [](const CaseSpec& c) { return std::to_string(c.dims.at("R")) + "x" + std::to_string(c.D); };
  op.tensors = {{"x", Role::CounterInput, CounterStream::X, {"R", "C"}, {"r", "c"}},
                {"out", Role::Output, CounterStream::X, {"R", "C"}, {"r", "c"}}};
  op.traffic = [](const CaseSpec&) { return Traffic{}; };
  op.limits = {"pe", "max_head_dim"};
  return op;
}

using test::expect_phrases;
using test::write_one_case;

TEST(OpRegistry, BuiltInOpsAreDeclaredCompletely) {
  const auto names = op_names();
  for (const char* name : {"attention", "rope"}) {
    ASSERT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    EXPECT_EQ(declaration_problem(op_named(name)), "") << name;
    EXPECT_TRUE(op_named(name).cpu_reference) << name;
  }
  expect_phrases(test::error_of([] { op_named("layernorm"); }), {"unknown op 'layernorm'", "attention", "rope"});
}

TEST(OpRegistry, ADeclarationWithoutATensorShapeIsRefused) {
  OpDeclaration op = rows_op("no_shape_op");
  op.tensors[0].extents.clear();
  expect_phrases(test::error_of([&] { register_op(op); }),
                 {"op declaration 'no_shape_op'", __FILE__, "tensor 'x' has no shape", "docs/ops.md"});
  EXPECT_EQ(find_op("no_shape_op"), nullptr);
  op.tensors[0].extents = {"R", "W"};
  expect_phrases(test::error_of([&] { register_op(op); }),
                 {"tensor 'x' extent \"W\" names 'W', which is not one of its shape keys", "Fix:"});
  op.tensors[0].extents = {"R*2", "C"};
  expect_phrases(test::error_of([&] { register_op(op); }), {"tensor 'x' extent \"R*2\"", "joined by + or -"});
  op.tensors[0].extents = {"R", "C/0"};
  expect_phrases(test::error_of([&] { register_op(op); }), {"'C/0' divides by something other than a positive integer"});
  op.tensors[0].extents = {"R"};
  expect_phrases(test::error_of([&] { register_op(op); }), {"tensor 'x' names 2 dimensions for its 1 extents"});
  EXPECT_EQ(find_op("no_shape_op"), nullptr);
}

TEST(OpRegistry, ADeclarationWithALimitLimitsDoesNotHaveIsRefused) {
  OpDeclaration op = rows_op("odd_limit_op");
  op.limits.push_back("max_rows");
  expect_phrases(test::error_of([&] { register_op(op); }), {__FILE__, "'max_rows'", "no field of Limits"});
}

TEST(OpRegistry, ANameIsRegisteredOnce) {
  expect_phrases(test::error_of([] { register_op(rows_op("attention")); }), {"already registered"});
}

TEST(OpRegistry, ACaseThatOmitsAParameterOfItsOpIsRefused) {
  if (!find_op("rows_case_op")) register_op(rows_op("rows_case_op"));
  const std::string path = write_one_case("rows_case_op", "{name: a, shape: {R: 4}, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(path); }),
                 {path + ":4: case 'a'", "missing key 'C'", "add C:"});
  const std::string good = write_one_case("rows_case_op", "{name: a, shape: {R: 4, C: 6}, seed: 1}");
  const CaseSpec spec = load_cases_file(good).cases.at(0);
  EXPECT_EQ(spec.out_rows(), 4);
  EXPECT_EQ(spec.shape_text(), "4x6");
}

TEST(OpRegistry, ATensorShapeTheParametersContradictIsRefused) {
  if (!find_op("short_rows_op")) {
    OpDeclaration op = rows_op("short_rows_op");
    op.tensors[0].extents = {"R-8", "C"};
    register_op(op);
  }
  const std::string path = write_one_case("short_rows_op", "{name: a, shape: {R: 4, C: 6}, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(path); }),
                 {path + ":4: case 'a'", "tensor 'x' extent -4 in dimension r", __FILE__});
}

TEST(OpRegistry, AKeyOfAnotherOpIsNamedAsSuch) {
  const std::string path =
      write_one_case("rope", "{name: a, shape: {N: 1, S: 4, D: 8}, pe: rope_neox, causal: true, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(path); }),
                 {"key 'causal' applies only to op attention, this family is op rope", "remove it"});
}

void no_rope(const RopeProblem&, void*, cudaStream_t) {}

TEST(OpRegistry, AVersionDeclaringALimitItsOpDoesNotKnowIsRefused) {
  Limits limits;
  limits.pe = {PeKind::RopeNeox};
  limits.max_position = 1L << 24;
  Experiment e = Experiment{}.hypothesis("rotates").backend(Backend::Cpu).limits(limits).launch(&no_rope);
  e.family = "rope_standalone";
  e.version = "v000_probe";
  e.source_file = "experiments/rope_standalone/v000_probe.cu";
  EXPECT_EQ(unknown_limit(e), "");
  limits.gqa = true;
  e.limits(limits);
  EXPECT_EQ(declared_limits(limits), (std::vector<std::string>{"pe", "gqa", "max_position"}));
  Registry registry;
  registry.add(e);
  const std::string message =
      test::error_of([&] { registry.validate([](const std::string&) { return std::vector<std::string>{}; }); });
  expect_phrases(message, {"rope_standalone/v000_probe", "declare gqa, which op rope does not know",
                           "harness/ops/rope/rope_op.cpp", "remove it from .limits()"});
}

// A version's limits are told in its op's words: rope's say nothing of
// causal, GQA or cross lengths; attention's say all three.
TEST(OpRegistry, LimitsAreDescribedInTheirOpsWords) {
  Limits limits;
  limits.pe = {PeKind::RopeNeox};
  limits.head_dim_multiple = 8;
  limits.max_position = 1L << 24;
  Experiment e = Experiment{}.hypothesis("rotates").backend(Backend::Cpu).limits(limits).launch(&no_rope);
  EXPECT_EQ(describe_limits_of(e), "pe {rope_neox}; head_dim % 8 == 0; positions <= 16777216");
  EXPECT_EQ(describe_limits(limits, op_named("attention").limits),
            "pe {rope_neox}; head_dim % 8 == 0; causal no; gqa no; Sq != Sk no; positions <= 16777216");
  EXPECT_EQ(limits.describe(), describe_limits(limits, op_named("attention").limits));
}

// A launch reaches the op that takes its problem struct, and no other.
struct RowsProblem {
  const float* x = nullptr;
  float* out = nullptr;
};
RowsProblem rows_problem(const CaseTensors& t) { return {t.input("x"), t.out}; }
void rows_launch(const RowsProblem&, void*, cudaStream_t) {}

TEST(OpRegistry, ALaunchIsBoundByTheOpThatTakesItsProblemStruct) {
  EXPECT_EQ(launch_binding_of(Experiment{}.launch(&no_rope)).op, "rope");
  struct Unknown {};
  const auto unknown_launch = [](const Unknown&, void*, cudaStream_t) {};
  EXPECT_FALSE(launch_binding_of(Experiment{}.launch(+unknown_launch)).bind);
  if (!find_op("rows_bound_op")) {
    OpDeclaration op = rows_op("rows_bound_op");
    bind_problem_launch(op, rows_problem);
    register_op(op);
  }
  const LaunchBinding b = launch_binding_of(Experiment{}.launch(&rows_launch));
  EXPECT_EQ(b.op, "rows_bound_op");
  EXPECT_TRUE(b.bind);
  EXPECT_FALSE(b.workspace);
}

TEST(OpRegistry, TwoOpsCannotShareAProblemStruct) {
  OpDeclaration op = rows_op("rows_second_op");
  bind_problem_launch(op, rope_problem);
  expect_phrases(test::error_of([&] { register_op(op); }), {__FILE__, "already op rope's"});
  op.bind_launch = nullptr;
  expect_phrases(test::error_of([&] { register_op(op); }), {"one of .problem_type and .bind_launch"});
}

}  // namespace
}  // namespace fuselab
