#include "harness/core/reference_case.h"

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <sstream>

#include "harness/core/counter_rng.h"
#include "harness/core/cpu_reference.h"
#include "harness/core/hdf5_reader.h"
#include "harness/core/manifest.h"
#include "harness/core/op_registry.h"
#include "harness/core/sha256.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace fs = std::filesystem;

namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the MANIFEST inputs hash is over little-endian bytes");

// What a file must say about itself, from cases.yaml.
void check_attributes(const H5Reader& h5, const CaseSpec& spec) {
  const auto expect_string = [&](const std::string& name, const std::string& want) {
    const std::string got = h5.string_attr(name);
    if (got != want)
      throw H5Problem("attribute " + name + " = '" + got + "' disagrees with cases.yaml ('" + want + "')");
  };
  const auto expect_int = [&](const std::string& name, int64_t want) {
    const int64_t got = h5.int64_attr(name);
    if (got != want)
      throw H5Problem("attribute " + name + " = " + std::to_string(got) +
                      " disagrees with cases.yaml (" + std::to_string(want) + ")");
  };
  const auto expect_float = [&](const std::string& name, double want) {
    const double got = h5.float64_attr(name);
    const auto exact = [](double v) {
      std::ostringstream text;
      text << std::setprecision(17) << v;
      return text.str();
    };
    if (got != want)
      throw H5Problem("attribute " + name + " = " + exact(got) + " disagrees with cases.yaml (" +
                      exact(want) + ")");
  };
  expect_string("family", spec.family);
  expect_string("case", spec.name);
  expect_string("op", spec.op);
  expect_string("pe", pe_name(spec.pe));
  expect_string("storage", spec.storage == Storage::Sampled ? "sampled" : "full");
  expect_string("input_generator", kCounterGeneratorName);
  const nlohmann::json parameters = op_named(spec.op).parameters(spec);
  for (const auto& item : parameters.items()) {
    const nlohmann::json& value = item.value();
    if (value.is_boolean()) expect_int(item.key(), value.get<bool>() ? 1 : 0);
    else if (value.is_number_integer()) expect_int(item.key(), value.get<int64_t>());
    else expect_float(item.key(), value.get<double>());
  }
  expect_int("D", spec.D);
  expect_int("causal", spec.causal ? 1 : 0);
  expect_float("base", spec.base);
  expect_float("scale", spec.scale);
  expect_int("seed", spec.seed);
  // Provenance: present and of the right type.
  for (const char* name : {"generator_version", "generator_sha256", "torch_version", "numpy_version",
                           "h5py_version", "compute_device"})
    h5.string_attr(name);
}

template <typename T>
void check_finite(const std::vector<T>& data, const std::string& name) {
  for (std::size_t i = 0; i < data.size(); ++i)
    if (!std::isfinite(data[i]))
      throw H5Problem("dataset '" + name + "' holds " + (std::isnan(data[i]) ? "NaN" : "Inf") +
                      " at element " + std::to_string(i));
}

using Role = TensorDeclaration::Role;

// The op's input tensors of one role, read from the file, then checked finite.
void read_inputs(const H5Reader& h5, ReferenceCase& ref, Role role) {
  const auto inputs = op_named(ref.spec.op).inputs();
  for (const TensorDeclaration* t : inputs) {
    if (t->role != role) continue;
    if (t->dtype == TensorDeclaration::Dtype::Int64)
      ref.int64_inputs[t->name] = h5.int64_dataset(t->name, t->shape(ref.spec));
    else
      ref.inputs[t->name] = h5.float32_dataset(t->name, t->shape(ref.spec));
  }
  for (const TensorDeclaration* t : inputs)
    if (t->role == role && t->dtype == TensorDeclaration::Dtype::Float32) check_finite(ref.inputs[t->name], t->name);
}

int64_t elements_of(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t e : shape) n *= e;
  return n;
}

void regenerate_inputs(ReferenceCase& ref) {
  const CaseSpec& s = ref.spec;
  for (const TensorDeclaration* t : op_named(s.op).inputs()) {
    if (t->role != Role::CounterInput) continue;
    const auto n = static_cast<std::size_t>(elements_of(t->shape(s)));
    if (t->dtype == TensorDeclaration::Dtype::Int64)
      ref.int64_inputs[t->name] = counter_integer_tensor(s.seed, t->stream, n, t->max_value(s));
    else
      ref.inputs[t->name] = counter_tensor(s.seed, t->stream, n);
  }
}

// sha256 over the raw bytes of the inputs, in the op's order (q k v inv_freq; x inv_freq).
std::string inputs_sha256(const ReferenceCase& ref) {
  Sha256 hash;
  for (const TensorDeclaration* t : op_named(ref.spec.op).inputs()) {
    const auto [data, bytes] = ref.input_bytes(t->name);
    hash.update(data, bytes);
  }
  return hash.hex_digest();
}

void read_expected(const H5Reader& h5, ReferenceCase& ref) {
  const CaseSpec& s = ref.spec;
  std::vector<int64_t> out_shape = op_named(s.op).output().shape(s);
  if (s.storage == Storage::Sampled) {
    ref.rows = h5.int64_dataset("rows", {s.sample_rows});
    for (std::size_t i = 0; i < ref.rows.size(); ++i)
      if (ref.rows[i] < 0 || ref.rows[i] >= s.out_rows())
        throw H5Problem("dataset 'rows' holds " + std::to_string(ref.rows[i]) + " at element " +
                        std::to_string(i) + ", outside [0, " + std::to_string(s.out_rows()) + ")");
    out_shape = {s.sample_rows, s.D};
  }
  ref.out = h5.float64_dataset("out", out_shape);
  ref.out_torch_fp32 = h5.float32_dataset("out_torch_fp32", out_shape);
  check_finite(ref.out, "out");
  check_finite(ref.out_torch_fp32, "out_torch_fp32");
  ref.torch_fp32_max_abs_err = h5.float64_attr("torch_fp32_max_abs_err");
  ref.torch_fp32_method = h5.string_attr("torch_fp32_method");
}

// A file whose bytes differ from its MANIFEST line: another machine's torch
// (another BLAS, the GPU) rounds the float64 output and PyTorch's own float32
// output differently, so the bytes are not the same everywhere. What must be
// the same is checked instead: the inputs, bit for bit (the MANIFEST's
// inputs hash), and the float64 output, to within its own rounding, against
// the C++ float64 reference computed from those inputs. Refused otherwise.
template <typename Refuse>
void accept_same_content(ReferenceCase& ref, const ManifestEntry& entry, const Refuse& refuse) {
  if (inputs_sha256(ref) != entry.inputs_sha256)
    throw refuse(ref.manifest_mismatch + ", and its inputs differ from the MANIFEST inputs hash");
  const std::vector<double> expected = reference_output(ref);
  double worst = 0, largest = 1;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const bool both_nan = std::isnan(expected[i]) && std::isnan(ref.out[i]);
    if (!both_nan) worst = std::max(worst, std::fabs(ref.out[i] - expected[i]));
    if (std::isnan(worst)) worst = HUGE_VAL;
    largest = std::max(largest, std::fabs(expected[i]));
  }
  constexpr double kOwnRounding = 1e-12;  // the generator and the C++ reference agree to ~1e-15
  if (worst > kOwnRounding * largest)
    throw refuse(ref.manifest_mismatch + ", and its float64 output differs from the C++ float64 reference by " +
                 std::to_string(worst) + " (more than its own rounding, " + std::to_string(kOwnRounding) + " x " +
                 std::to_string(largest) + ")");
  ref.manifest_match = "content: " + ref.manifest_mismatch + " (made on another machine); its inputs match the "
                       "MANIFEST bit for bit and its float64 output the C++ reference to " + std::to_string(worst);
}

// The file's MANIFEST line, found; where its size or sha256 disagree
// (ref.manifest_mismatch), accept_same_content decides once the file is read.
template <typename Refuse>
ManifestEntry checked_manifest_entry(ReferenceCase& ref, const LoadOptions& opts, const Refuse& refuse) {
  const std::string manifest_path =
      opts.manifest_path.empty() ? (fs::path(opts.reference_root) / "MANIFEST").string() : opts.manifest_path;
  std::optional<ManifestEntry> entry;
  try {
    const Manifest manifest = load_manifest(manifest_path);
    if (const ManifestEntry* found = manifest.find(ref.spec.reference_path())) entry = *found;
  } catch (const std::runtime_error& e) {
    throw ReferenceError(e.what());
  }
  if (!entry) throw refuse("not listed in " + manifest_path);
  const uint64_t size = fs::file_size(ref.path);
  ref.file_sha256 = sha256_file(ref.path);
  if (size != entry->size)
    ref.manifest_mismatch = "size " + std::to_string(size) + " bytes disagrees with MANIFEST (" +
                            std::to_string(entry->size) + ")";
  else if (ref.file_sha256 != entry->file_sha256)
    ref.manifest_mismatch = "sha256 " + ref.file_sha256 + " disagrees with MANIFEST (" + entry->file_sha256 + ")";
  return *entry;
}

}  // namespace

const std::vector<float>& ReferenceCase::input(const std::string& name) const {
  const auto it = inputs.find(name);
  if (it == inputs.end())
    throw std::runtime_error(path + ": op " + spec.op + " has no input tensor '" + name + "' here");
  return it->second;
}

const std::vector<int64_t>& ReferenceCase::input_int64(const std::string& name) const {
  const auto it = int64_inputs.find(name);
  if (it == int64_inputs.end())
    throw std::runtime_error(path + ": op " + spec.op + " has no int64 input tensor '" + name + "' here");
  return it->second;
}

std::pair<const void*, std::size_t> ReferenceCase::input_bytes(const std::string& name) const {
  if (const auto it = int64_inputs.find(name); it != int64_inputs.end())
    return {it->second.data(), it->second.size() * sizeof(int64_t)};
  const std::vector<float>& data = input(name);
  return {data.data(), data.size() * sizeof(float)};
}

std::string regenerate_command(const CaseSpec& spec) {
  return std::string(kGeneratorCommand) + " --only " + spec.id() + " --force";
}

ReferenceCase load_reference(const CaseSpec& spec, const LoadOptions& opts) {
  ReferenceCase ref;
  ref.spec = spec;
  ref.path = (fs::absolute(opts.reference_root) / spec.reference_path()).lexically_normal().string();
  // A committed fixture is restored from git before it is rewritten with this machine's torch.
  const std::string fix = (spec.fixture ? "git checkout -- reference_data/" + spec.reference_path() +
                                              " reference_data/MANIFEST, or "
                                        : "") +
                          regenerate_command(spec);
  const auto refuse = [&](const std::string& what) {
    return ReferenceError(ref.path + ": " + what + ". Fix: " + fix);
  };
  if (!fs::is_directory(opts.reference_root))
    throw ReferenceError("reference folder " + opts.reference_root + " does not exist. Fix: pass the folder that "
                         "reference_data/generate.py writes (by default reference_data/) with --references");
  if (!fs::is_regular_file(ref.path)) throw refuse("reference file of " + spec.id() + " is missing");

  std::optional<ManifestEntry> entry;
  if (opts.verify_checksum)
    entry = checked_manifest_entry(ref, opts, refuse);
  else
    ref.file_sha256 = sha256_file(ref.path);

  const auto read_file = [&] {
    try {
      const H5Reader h5(ref.path);
      check_attributes(h5, spec);
      read_inputs(h5, ref, Role::StoredInput);
      if (spec.storage == Storage::Full) read_inputs(h5, ref, Role::CounterInput);
      read_expected(h5, ref);
    } catch (const H5Problem& e) {
      throw refuse(e.what());
    } catch (const H5::Exception& e) {
      throw refuse("HDF5 read failed: " + e.getDetailMsg());
    }
  };
  // Bytes that are not the MANIFEST's (or were not checked) may be anything:
  // libhdf5 1.10 crashes, loops or overruns memory on some corrupt files. They
  // are read in a child process first, and here only once that read finished.
  if (!opts.verify_checksum || !ref.manifest_mismatch.empty()) {
    const std::string failed = survives_in_child(read_file, opts.untrusted_read_seconds);
    if (!failed.empty())
      throw refuse((ref.manifest_mismatch.empty() ? std::string() : ref.manifest_mismatch + ", and ") +
                   "the HDF5 library " + failed + " reading it: the file is corrupt");
  }
  read_file();

  if (spec.storage == Storage::Sampled) {
    regenerate_inputs(ref);
    if (entry && inputs_sha256(ref) != entry->inputs_sha256)
      throw refuse("inputs regenerated by the C++ counter generator do not match the MANIFEST inputs "
                   "hash (if regenerating does not help, C++ and Python disagree on " +
                   std::string(kCounterGeneratorName) + ")");
  }
  if (entry && !ref.manifest_mismatch.empty()) accept_same_content(ref, *entry, refuse);
  return ref;
}

}  // namespace fuselab
