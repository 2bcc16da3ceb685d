// Every refusal of load_reference, each on a deliberately broken copy of a
// committed fixture (copies and their MANIFEST live in the scratch folder).
#include "harness/core/reference_case.h"

#include <H5Cpp.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <set>

#include "harness/core/manifest.h"
#include "harness/core/sha256.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

const CaseSpec& fixture_spec(const std::string& family, const std::string& name) {
  static std::map<std::string, CasesFile> files;
  auto it = files.find(family);
  if (it == files.end())
    it = files.emplace(family, load_family_cases(test::source_dir().string(), family)).first;
  const CaseSpec* spec = it->second.find(name);
  if (!spec) throw std::runtime_error("no case " + family + "/" + name);
  return *spec;
}

// A copy of one fixture under <scratch>/reference_data with its own MANIFEST.
class BrokenCopy : public ::testing::Test {
 protected:
  void use(const std::string& family, const std::string& name) {
    spec = fixture_spec(family, name);
    root = test::scratch_dir() / "reference_data";
    path = root / spec.reference_path();
    const fs::path original = test::reference_root() / spec.reference_path();
    ASSERT_TRUE(fs::exists(original)) << original << " is missing: generate the fixtures first";
    fs::create_directories(path.parent_path());
    fs::copy_file(original, path, fs::copy_options::overwrite_existing);
    const Manifest manifest = load_manifest((test::reference_root() / "MANIFEST").string());
    const ManifestEntry* entry = manifest.find(spec.reference_path());
    ASSERT_NE(entry, nullptr) << spec.reference_path() << " not in the committed MANIFEST";
    inputs_sha256 = entry->inputs_sha256;
    sync_manifest();
  }

  // Rewrites the copy's MANIFEST line so the checksum passes and the check
  // under test is the one that fires.
  void sync_manifest() { write_manifest(sha256_file(path.string())); }

  void write_manifest(const std::string& file_sha, const std::string& inputs_sha = "") {
    std::ofstream out(root / "MANIFEST");
    out << "# test copy\n"
        << spec.reference_path() << "  " << fs::file_size(path) << "  " << file_sha << "  "
        << (inputs_sha.empty() ? inputs_sha256 : inputs_sha) << "\n";
  }

  H5::H5File open_rw() { return H5::H5File(path.string(), H5F_ACC_RDWR); }

  template <typename T>
  void poke(const std::string& dataset, const H5::PredType& type, std::size_t element, T value) {
    H5::H5File file = open_rw();
    H5::DataSet ds = file.openDataSet(dataset);
    std::vector<T> data(static_cast<std::size_t>(ds.getSpace().getSimpleExtentNpoints()));
    ds.read(data.data(), type);
    data.at(element) = value;
    ds.write(data.data(), type);
  }

  void replace_dataset(const std::string& name, const H5::PredType& type, std::vector<hsize_t> dims) {
    H5::H5File file = open_rw();
    file.unlink(name);
    const H5::DataSpace space(static_cast<int>(dims.size()), dims.data());
    H5::DataSet ds = file.createDataSet(name, type, space);
    std::size_t count = 1;
    for (hsize_t d : dims) count *= d;
    const std::vector<double> zeros(count, 0.0);
    ds.write(zeros.data(), H5::PredType::NATIVE_DOUBLE);
  }

  void expect_refusal(const std::vector<std::string>& phrases) {
    try {
      load_reference(spec, test::options_for(root));
      ADD_FAILURE() << "load_reference accepted " << path;
    } catch (const ReferenceError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(path.string()), std::string::npos) << "no file in: " << message;
      EXPECT_NE(message.find(regenerate_command(spec)), std::string::npos) << "no fix in: " << message;
      for (const auto& phrase : phrases)
        EXPECT_NE(message.find(phrase), std::string::npos) << "no '" << phrase << "' in: " << message;
    }
  }

  CaseSpec spec;
  fs::path root, path;
  std::string inputs_sha256;
};

TEST(Fixtures, FilesOnDiskAreExactlyTheFixtureCases) {
  std::set<std::string> on_disk, in_cases;
  const fs::path fixtures = test::reference_root() / "fixtures";
  for (const auto& entry : fs::recursive_directory_iterator(fixtures))
    if (entry.path().extension() == ".h5")
      on_disk.insert(fs::relative(entry.path(), test::reference_root()).generic_string());
  for (const auto& spec : test::fixture_specs()) in_cases.insert(spec.reference_path());
  EXPECT_FALSE(in_cases.empty()) << "no case has fixture: true";
  EXPECT_EQ(on_disk, in_cases) << "under " << fixtures;
}

TEST_F(BrokenCopy, IntactCopyLoads) {
  use("attention", "fx_b2_h4kv2_s3k7_d8_causal");
  const ReferenceCase ref = load_reference(spec, test::options_for(root));
  EXPECT_EQ(ref.input("q").size(), 2u * 4 * 3 * 8);
  EXPECT_EQ(ref.input("k").size(), 2u * 2 * 7 * 8);
  EXPECT_EQ(ref.out.size(), 2u * 4 * 3 * 8);
  EXPECT_EQ(ref.file_sha256, sha256_file(path.string()));
  EXPECT_FALSE(ref.sampled());
}

TEST_F(BrokenCopy, IntactSampledCopyLoadsWithRegeneratedInputs) {
  use("attention", "fx_b1_h2_s64_d32_sampled");
  const ReferenceCase ref = load_reference(spec, test::options_for(root));
  EXPECT_TRUE(ref.sampled());
  EXPECT_EQ(ref.rows.size(), static_cast<std::size_t>(spec.sample_rows));
  EXPECT_EQ(ref.input("q").size(), 1u * 2 * 64 * 32);
  EXPECT_EQ(ref.out.size(), ref.rows.size() * 32);
}

TEST_F(BrokenCopy, MissingFile) {
  use("attention", "fx_b1_h2_s5_d16");
  fs::remove(path);
  expect_refusal({"missing"});
}

// One byte of a dataset's data flipped (HDF5 gives where it lies).
void flip_byte_of(const fs::path& path, const std::string& dataset) {
  haddr_t at = 0;
  {
    const H5::H5File file(path.string(), H5F_ACC_RDONLY);
    at = file.openDataSet(dataset).getOffset() + 9;
  }
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekg(static_cast<std::streamoff>(at));
  const char byte = static_cast<char>(file.peek());
  file.seekp(static_cast<std::streamoff>(at));
  file.put(static_cast<char>(byte ^ 0x5a));
}

// The bytes of a reference differ between machines; what must be the same is
// checked instead (reference_case.cpp, accept_same_content).
TEST_F(BrokenCopy, ChecksumMismatchInAnInputIsRefused) {
  use("attention", "fx_b1_h2_s5_d16");
  flip_byte_of(path, "q");
  expect_refusal({"sha256", "disagrees with MANIFEST", "its inputs differ from the MANIFEST inputs hash"});
}

TEST_F(BrokenCopy, ChecksumMismatchInTheFloat64OutputIsRefused) {
  use("attention", "fx_b1_h2_s5_d16");
  flip_byte_of(path, "out");
  expect_refusal({"sha256", "its float64 output differs from the C++ float64 reference"});
}

TEST_F(BrokenCopy, OtherBytesWithTheSameContentAreAcceptedAndSaidSo) {
  use("attention", "fx_b1_h2_s5_d16");
  flip_byte_of(path, "out_torch_fp32");               // PyTorch's own float32 output: another torch rounds it otherwise
  std::ofstream(path, std::ios::app | std::ios::binary) << '\0';  // and the size
  const ReferenceCase ref = load_reference(spec, test::options_for(root));
  EXPECT_NE(ref.manifest_match.find("size"), std::string::npos) << ref.manifest_match;
  EXPECT_NE(ref.manifest_match.find("made on another machine"), std::string::npos) << ref.manifest_match;
  use("attention", "fx_b1_h2_s5_d16");
  EXPECT_TRUE(load_reference(spec, test::options_for(root)).manifest_match.empty());  // the same bytes
}

TEST_F(BrokenCopy, FileMissingFromManifest) {
  use("attention", "fx_b1_h2_s5_d16");
  std::ofstream(root / "MANIFEST") << "# no lines\n";
  expect_refusal({"not listed in"});
}

TEST_F(BrokenCopy, MalformedManifestNamesItsLine) {
  use("attention", "fx_b1_h2_s5_d16");
  std::ofstream(root / "MANIFEST") << "# header\n" << spec.reference_path() << "  12  not-a-hash\n";
  try {
    load_reference(spec, test::options_for(root));
    ADD_FAILURE() << "accepted a malformed MANIFEST";
  } catch (const ReferenceError& e) {
    EXPECT_NE(std::string(e.what()).find((root / "MANIFEST").string() + ":2:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Fix:"), std::string::npos) << e.what();
  }
}

TEST_F(BrokenCopy, MissingDataset) {
  use("attention", "fx_b1_h2_s5_d16");
  open_rw().unlink("v");
  sync_manifest();
  expect_refusal({"dataset 'v' is missing"});
}

TEST_F(BrokenCopy, MissingAttribute) {
  use("attention", "fx_b1_h2_s5_d16");
  open_rw().removeAttr("seed");
  sync_manifest();
  expect_refusal({"attribute 'seed' is missing"});
}

TEST_F(BrokenCopy, WrongDatasetDtype) {
  use("attention", "fx_b1_h2_s5_d16");
  replace_dataset("out", H5::PredType::IEEE_F32LE, {1, 2, 5, 16});
  sync_manifest();
  expect_refusal({"dataset 'out' is float32, expected float64"});
}

TEST_F(BrokenCopy, WrongAttributeDtype) {
  use("attention", "fx_b1_h2_s5_d16");
  {
    H5::H5File file = open_rw();
    file.removeAttr("base");
    const int64_t base = 10000;
    file.createAttribute("base", H5::PredType::STD_I64LE, H5::DataSpace()).write(H5::PredType::NATIVE_INT64, &base);
  }
  sync_manifest();
  expect_refusal({"attribute 'base' is int64, expected float64"});
}

TEST_F(BrokenCopy, WrongShape) {
  use("attention", "fx_b1_h2_s5_d16");
  replace_dataset("q", H5::PredType::IEEE_F32LE, {1, 2, 5, 8});
  sync_manifest();
  expect_refusal({"dataset 'q' has shape [1, 2, 5, 8], expected [1, 2, 5, 16]"});
}

TEST_F(BrokenCopy, SpecDisagreesWithAttributes) {
  use("attention", "fx_b1_h2_s5_d16");
  spec.seed += 1;
  expect_refusal({"attribute seed", "disagrees with cases.yaml"});
}

TEST_F(BrokenCopy, FileAttributeDisagreesWithCasesYaml) {
  use("attention", "fx_b2_h4kv2_s3k7_d8_causal");
  {
    H5::H5File file = open_rw();
    const int64_t not_causal = 0;
    file.openAttribute("causal").write(H5::PredType::NATIVE_INT64, &not_causal);
  }
  sync_manifest();
  expect_refusal({"attribute causal = 0 disagrees with cases.yaml (1)"});
}

TEST_F(BrokenCopy, NaNInReference) {
  use("attention", "fx_b1_h2_s5_d16");
  poke("out", H5::PredType::NATIVE_DOUBLE, 37, std::numeric_limits<double>::quiet_NaN());
  sync_manifest();
  expect_refusal({"dataset 'out' holds NaN at element 37"});
}

TEST_F(BrokenCopy, InfInReference) {
  use("attention", "fx_b1_h2_s5_d16");
  poke("out_torch_fp32", H5::PredType::NATIVE_FLOAT, 5, -std::numeric_limits<float>::infinity());
  sync_manifest();
  expect_refusal({"dataset 'out_torch_fp32' holds Inf at element 5"});
}

TEST_F(BrokenCopy, NaNInInputs) {
  use("rope_standalone", "fx_n2_s3_d8_neox");
  poke("x", H5::PredType::NATIVE_FLOAT, 0, std::numeric_limits<float>::quiet_NaN());
  sync_manifest();
  expect_refusal({"dataset 'x' holds NaN at element 0"});
}

TEST_F(BrokenCopy, SampledRowOutOfRange) {
  use("attention", "fx_b1_h2_s64_d32_sampled");
  poke("rows", H5::PredType::NATIVE_INT64, 1, int64_t{128});
  sync_manifest();
  expect_refusal({"dataset 'rows' holds 128 at element 1, outside [0, 128)"});
}

TEST_F(BrokenCopy, SampledInputsDisagreeWithManifestInputsHash) {
  use("attention", "fx_b1_h2_s64_d32_sampled");
  write_manifest(sha256_file(path.string()), std::string(64, '0'));
  expect_refusal({"inputs", "MANIFEST inputs hash"});
}

TEST_F(BrokenCopy, FixtureFixOffersGitRestoreFirst) {
  use("attention", "fx_b1_h2_s5_d16");
  fs::remove(path);
  try {
    load_reference(spec, test::options_for(root));
    ADD_FAILURE() << "accepted a missing file";
  } catch (const ReferenceError& e) {
    EXPECT_NE(std::string(e.what()).find("git checkout -- reference_data/" + spec.reference_path()),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace fuselab
