// A toy op declared here alone — softmax over the rows of x [R, C] — taken
// through the core as the built-in ops are: its cases.yaml is read by the
// op's own keys, its reference file is generated (counter inputs, float64
// output from its host reference) and loaded by tensor name, a CPU version's
// float32 output is checked against it (a wrong element is reported at its
// (r, c)), timed, recorded with the op's traffic and shape, logged and
// reported. Nothing outside this file knows the op.
#include <gtest/gtest.h>

#include <H5Cpp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <numeric>

#include "harness/core/counter_rng.h"
#include "harness/core/cpu_reference.h"
#include "harness/core/error_report.h"
#include "harness/core/op_registry.h"
#include "harness/core/output_position.h"
#include "harness/core/optimization_log.h"
#include "harness/core/reference_case.h"
#include "harness/core/report.h"
#include "harness/core/run_record.h"
#include "harness/core/traffic_model.h"
#include "harness/tests/test_support.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

// out[r, :] = softmax(x[r, :]) in float64 (T is double for the reference,
// float for the "kernel").
template <typename T>
void softmax_row(const float* x, int64_t C, T* out) {
  T max_x = x[0];
  for (int64_t c = 1; c < C; ++c) max_x = std::max<T>(max_x, x[c]);
  T sum = 0;
  for (int64_t c = 0; c < C; ++c) sum += out[c] = std::exp(T(x[c]) - max_x);
  for (int64_t c = 0; c < C; ++c) out[c] /= sum;
}

OpDeclaration softmax_rows_op() {
  using Role = TensorDeclaration::Role;
  OpDeclaration op;
  op.name = "softmax_rows";
  op.source_file = __FILE__;
  op.shape_keys = {"R", "C"};
  op.read_shape = [](const CaseFields& f, CaseSpec& spec) { spec.D = f.dim("C"); };
  op.read_parameters = [](const CaseFields& f, CaseSpec& spec) {
    if (spec.pe != PeKind::None) f.fail("pe", "op softmax_rows applies no PE", "write pe: none");
  };
  op.parameters = [](const CaseSpec& c) { return nlohmann::json{{"R", c.dims.at("R")}}; };
  op.shape_text = [](const CaseSpec& c) { return std::to_string(c.dims.at("R")) + "x" + std::to_string(c.D); };
  op.tensors = {{"x", Role::CounterInput, CounterStream::X, {"R", "C"}, {"r", "c"}},
                {"out", Role::Output, CounterStream::X, {"R", "C"}, {"r", "c"}}};
  op.traffic = [](const CaseSpec& c) {
    const double elements = double(c.dims.at("R")) * double(c.D);
    return Traffic{4.0 * 2.0 * elements, 4.0 * elements};  // max, exp, sum, divide
  };
  op.limits = {"pe"};
  op.cpu_reference = [](const ReferenceCase& ref, const std::vector<int64_t>& rows_wanted, double* out) {
    const float* x = ref.input("x").data();
    for (std::size_t i = 0; i < rows_wanted.size(); ++i)
      softmax_row(x + rows_wanted[i] * ref.spec.D, ref.spec.D, out + i * ref.spec.D);
  };
  return op;
}

const OpDeclaration& toy_op() {
  if (!find_op("softmax_rows")) register_op(softmax_rows_op());
  return op_named("softmax_rows");
}

// <root>/experiments/toy/cases.yaml with one case, read back.
CaseSpec toy_case(const fs::path& root) {
  fs::create_directories(root / "experiments" / "toy");
  std::ofstream(root / "experiments" / "toy" / "cases.yaml") << "family: toy\n"
                                                                 "op: softmax_rows\n"
                                                                 "cases:\n"
                                                                 "  - {name: r5_c16, shape: {R: 5, C: 16}, seed: 7}\n";
  return load_family_cases(root.string(), "toy").cases.at(0);
}

void string_attribute(H5::H5File& f, const std::string& name, const std::string& value) {
  const H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
  f.createAttribute(name, type, H5::DataSpace(H5S_SCALAR)).write(type, value);
}

template <typename T>
void number_attribute(H5::H5File& f, const std::string& name, const H5::PredType& file_type,
                      const H5::PredType& memory_type, T value) {
  f.createAttribute(name, file_type, H5::DataSpace(H5S_SCALAR)).write(memory_type, &value);
}

template <typename T>
void dataset(H5::H5File& f, const std::string& name, const H5::PredType& file_type, const H5::PredType& memory_type,
             const std::vector<int64_t>& shape, const std::vector<T>& data) {
  const std::vector<hsize_t> dims(shape.begin(), shape.end());
  f.createDataSet(name, file_type, H5::DataSpace(int(dims.size()), dims.data())).write(data.data(), memory_type);
}

// The generator's part, for this op: every attribute the format asks for,
// the counter input and the float64 output of the op's host reference.
void generate(const CaseSpec& spec, const fs::path& reference_root) {
  const OpDeclaration& op = op_named(spec.op);
  ReferenceCase ref;
  ref.spec = spec;
  for (const TensorDeclaration* t : op.inputs()) {
    const std::vector<int64_t> shape = t->shape(spec);
    const int64_t n = std::accumulate(shape.begin(), shape.end(), int64_t{1}, std::multiplies<int64_t>());
    ref.inputs[t->name] = counter_tensor(spec.seed, t->stream, static_cast<std::size_t>(n));
  }
  const std::vector<double> out = reference_output(ref);
  const fs::path path = reference_root / spec.reference_path();
  fs::create_directories(path.parent_path());
  H5::H5File f(path.string(), H5F_ACC_TRUNC);
  using P = H5::PredType;
  for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"family", spec.family}, {"case", spec.name}, {"op", spec.op}, {"pe", pe_name(spec.pe)},
           {"storage", "full"}, {"input_generator", kCounterGeneratorName}, {"generator_version", "toy"},
           {"generator_sha256", "toy"}, {"torch_version", "none"}, {"numpy_version", "none"},
           {"h5py_version", "none"}, {"compute_device", "cpu"}, {"torch_fp32_method", "none"}})
    string_attribute(f, name, value);
  const nlohmann::json parameters = op.parameters(spec);
  for (const auto& item : parameters.items())
    number_attribute(f, item.key(), P::STD_I64LE, P::NATIVE_INT64, item.value().get<int64_t>());
  for (const auto& [name, value] : std::vector<std::pair<std::string, int64_t>>{
           {"D", spec.D}, {"seed", spec.seed}})
    number_attribute(f, name, P::STD_I64LE, P::NATIVE_INT64, value);
  number_attribute(f, "base", P::IEEE_F64LE, P::NATIVE_DOUBLE, spec.base);
  number_attribute(f, "torch_fp32_max_abs_err", P::IEEE_F64LE, P::NATIVE_DOUBLE, 0.0);
  for (const TensorDeclaration* t : op.inputs())
    dataset(f, t->name, P::IEEE_F32LE, P::NATIVE_FLOAT, t->shape(spec), ref.inputs[t->name]);
  const std::vector<float> out_fp32(out.begin(), out.end());
  dataset(f, "out", P::IEEE_F64LE, P::NATIVE_DOUBLE, op.output().shape(spec), out);
  dataset(f, "out_torch_fp32", P::IEEE_F32LE, P::NATIVE_FLOAT, op.output().shape(spec), out_fp32);
}

// The CPU version: softmax in float32.
std::vector<float> cpu_version(const ReferenceCase& ref) {
  const int64_t C = ref.spec.D;
  std::vector<float> out(static_cast<std::size_t>(ref.spec.out_rows() * C));
  for (int64_t r = 0; r < ref.spec.out_rows(); ++r) softmax_row(ref.input("x").data() + r * C, C, out.data() + r * C);
  return out;
}

TEST(ToyOp, SoftmaxOverRowsGoesThroughTheCoreByItsDeclarationAlone) {
  toy_op();
  const fs::path root = test::scratch_dir();
  const CaseSpec spec = toy_case(root);
  EXPECT_EQ(spec.op, "softmax_rows");
  EXPECT_EQ(spec.out_rows(), 5);
  EXPECT_EQ(spec.D, 16);
  EXPECT_EQ(spec.shape_text(), "5x16");

  generate(spec, root / "reference_data");
  LoadOptions options;
  options.reference_root = (root / "reference_data").string();
  options.verify_checksum = false;  // no MANIFEST: the file is read in a child process first
  const ReferenceCase ref = load_reference(spec, options);
  EXPECT_EQ(ref.input("x"), counter_tensor(7, CounterStream::X, 5 * 16));
  ASSERT_EQ(ref.out.size(), 5u * 16);
  for (int r = 0; r < 5; ++r)
    EXPECT_NEAR(std::accumulate(ref.out.begin() + r * 16, ref.out.begin() + (r + 1) * 16, 0.0), 1.0, 1e-15);

  std::vector<float> out = cpu_version(ref);
  const ErrorReport pass = compare_output(out, ref);
  EXPECT_TRUE(pass.pass) << pass.summary();
  EXPECT_EQ(pass.checked, 5 * 16);

  out[3 * 16 + 9] += 0.01f;
  const ErrorReport fail = compare_output(out, ref);
  EXPECT_FALSE(fail.pass);
  EXPECT_EQ(fail.where, (std::vector<int64_t>{3, 9}));
  EXPECT_EQ(output_row_text(spec, 3), "row 3 (r 3)");

  const Traffic traffic = minimal_traffic(spec);
  EXPECT_EQ(traffic.bytes, 4.0 * 2.0 * 80);
  EXPECT_EQ(traffic.flops, 4.0 * 80);
}

TEST(ToyOp, ItsOwnChecksRefuseACaseWithTheFileAndTheFix) {
  toy_op();
  const fs::path root = test::scratch_dir();
  fs::create_directories(root / "experiments" / "toy");
  const fs::path path = root / "experiments" / "toy" / "cases.yaml";
  std::ofstream(path) << "family: toy\nop: softmax_rows\ncases:\n"
                         "  - {name: a, shape: {R: 5, C: 16}, pe: sinusoidal, seed: 7}\n";
  const std::string message = test::error_of([&] { load_cases_file(path.string()); });
  EXPECT_NE(message.find(path.string() + ":4: case 'a': op softmax_rows applies no PE. Fix: write pe: none"),
            std::string::npos)
      << message;
}

TEST(ToyOp, ItsCpuVersionIsTimedRecordedLoggedAndReported) {
  toy_op();
  const fs::path root = test::scratch_dir();
  const CaseSpec spec = toy_case(root);
  generate(spec, root / "reference_data");
  LoadOptions options;
  options.reference_root = (root / "reference_data").string();
  options.verify_checksum = false;
  const ReferenceCase ref = load_reference(spec, options);

  Experiment version = Experiment{}.hypothesis("softmax in float32 passes the float64 reference").backend(Backend::Cpu);
  version.family = "toy";
  version.version = "v000_cpu";
  version.source_file = (root / "experiments" / "toy" / "v000_cpu.cu").string();
  ExperimentOutcome outcome;
  outcome.experiment = &version;
  outcome.verdict = {"UNTESTED", "no prediction"};
  CaseOutcome c;
  c.spec = spec;
  c.reference_file = spec.reference_path();
  c.check = compare_output(cpu_version(ref), ref);
  c.status = c.check->pass ? CaseStatus::Passed : CaseStatus::Failed;
  for (int i = 0; i < 5; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<float> out = cpu_version(ref);
    c.cold_s.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  c.hot_unavailable = "the CPU backend times cold launches only";
  outcome.cases.push_back(c);

  RunContext ctx;
  ctx.run_id = "20261128T000000Z-toy-1";
  ctx.command = {"toy_op_test"};
  ctx.started_utc = ctx.finished_utc = "2026-11-28T00:00:00Z";
  ctx.backend = "cpu";
  ctx.git = {{"commit", "toy"}, {"dirty", false}, {"source", "toy"}};
  ctx.build = {{"cuda_flags", "none"}, {"cxx_compiler", "toy"}};
  ctx.environment = {{"host", "toy"}};
  ctx.settings = {{"allocations", 1}, {"case_patterns", nlohmann::json::array()}, {"paired", false},
                  {"quick", true}, {"tolerance", kTolerance}};
  const nlohmann::json record = make_run_record(ctx, {outcome});
  const nlohmann::json& recorded = record["experiments"][0]["cases"][0];
  EXPECT_EQ(recorded["shape"], "5x16");
  EXPECT_EQ(recorded["traffic"]["bytes"], 4.0 * 2.0 * 80);
  EXPECT_EQ(recorded["check"]["pass"], true);

  const std::string runs = (root / "reports" / "runs").string();
  const std::string log = (root / "OPTIMIZATION_LOG.md").string();
  write_run_record(runs, record, root.string());
  log_record(log, runs, record);
  ReportOptions report;
  report.records_dir = runs;
  report.log = log;
  report.reports_dir = (root / "reports").string();
  report.plots = false;
  report.case_order = case_names_in_order(root.string());
  generate_report(report);
  // A CPU version is one of the bench's instruments: the report lists its
  // run, the log its verdict and timed case; the family tables hold GPU versions.
  const std::string index = test::slurp(root / "reports" / "README.md");
  EXPECT_NE(index.find("toy/v000_cpu UNTESTED | CPU"), std::string::npos) << index;
  const std::string day = test::slurp(log_day_file(log, "2026-11-28"));
  EXPECT_NE(day.find("### toy/v000_cpu — UNTESTED"), std::string::npos) << day;
  EXPECT_NE(day.find("Timed, cold median µs: r5_c16"), std::string::npos) << day;
}

}  // namespace
}  // namespace fuselab
