// The device-code hash (harness/core/device_code.h) on a real fat binary:
// device_code_fixture.cu built three ways by nvcc for sm_90a (no GPU needed).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "harness/core/device_code.h"
#include "harness/core/elf_sections.h"
#include "harness/core/fatbin.h"
#include "harness/core/sha256.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using nlohmann::json;

const std::string kScaleRows = "_ZN7fixture10scale_rowsEPfi";     // fixture::scale_rows(float*, int)
const std::string kAddBias = "_ZN7fixture8add_biasIfEEvPT_i";      // fixture::add_bias<float>(float*, int)
const std::vector<KernelSymbol> kKernels = {{"scale_rows", kScaleRows, ""}, {"add_bias", kAddBias, ""}};

std::string fixture(const char* path) {
  const std::string bytes = test::slurp(path);
  if (bytes.empty()) throw std::runtime_error(std::string("cannot read the fixture executable ") + path);
  return bytes;
}
std::string plain() { return fixture(FUSELAB_DEVICE_CODE_FIXTURE_plain); }

json on_h100(const std::string& executable, const std::vector<KernelSymbol>& kernels = kKernels) {
  return device_code_of(executable, 9, 0, kernels);
}

std::string unavailable(const json& code) { return code.value("unavailable", std::string("(a result: ") + code.dump() + ")"); }

std::string_view fatbin_of(const std::string& executable) {
  const auto section = elf_section(executable, ".nv_fatbin");
  if (!section) throw std::runtime_error("the fixture has no .nv_fatbin section");
  return *section;
}
// Where the fat binary section starts in `executable`, and ends.
std::size_t fatbin_start(const std::string& executable) { return fatbin_of(executable).data() - executable.data(); }
std::size_t fatbin_end(const std::string& executable) { return fatbin_start(executable) + fatbin_of(executable).size(); }

TEST(DeviceCode, FindsBothKernelsInTheSm90aCubin) {
  const json code = on_h100(plain());
  ASSERT_TRUE(code.contains("kernels")) << code.dump();
  EXPECT_EQ(code["arch"], "sm_90a");
  for (const char* name : {"scale_rows", "add_bias"}) {
    const std::string hash = code["kernels"].value(name, std::string());
    EXPECT_EQ(hash.size(), 64u) << name << ": " << hash;
    EXPECT_EQ(hash.find_first_not_of("0123456789abcdef"), std::string::npos) << name << ": " << hash;
  }
  EXPECT_NE(code["kernels"]["scale_rows"], code["kernels"]["add_bias"]);
}

TEST(DeviceCode, HashesDoNotDependOnTheHostCode) {
  EXPECT_EQ(on_h100(plain()), on_h100(fixture(FUSELAB_DEVICE_CODE_FIXTURE_host_changed)));
  EXPECT_NE(plain(), fixture(FUSELAB_DEVICE_CODE_FIXTURE_host_changed)) << "the host change left the file as it was";
}

TEST(DeviceCode, AChangedKernelBodyChangesOnlyItsHash) {
  const json before = on_h100(plain());
  const json after = on_h100(fixture(FUSELAB_DEVICE_CODE_FIXTURE_kernel_changed));
  ASSERT_TRUE(after.contains("kernels")) << after.dump();
  EXPECT_EQ(before["kernels"]["scale_rows"], after["kernels"]["scale_rows"]);
  EXPECT_NE(before["kernels"]["add_bias"], after["kernels"]["add_bias"]);
}

TEST(DeviceCode, HashedSectionsAreWholeSassInstructions) {
  const std::string bytes = plain();
  int found = 0;
  for (const FatbinImage& image : fatbin_images(fatbin_of(bytes))) {
    if (image.kind != FatbinImage::Kind::Cubin) continue;
    const auto text = elf_section(image.payload, ".text." + kScaleRows);
    if (!text) continue;
    ++found;
    EXPECT_EQ(image.arch_name(), "sm_90a");
    EXPECT_GT(text->size(), 0u);
    EXPECT_EQ(text->size() % 16, 0u) << "sm_90 instructions are 16 bytes: this is not a whole section of SASS";
    EXPECT_EQ(sha256_hex(text->data(), text->size()), on_h100(bytes)["kernels"]["scale_rows"]);
  }
  EXPECT_EQ(found, 1);
}

TEST(DeviceCode, AKernelNotInTheExecutableIsUnavailable) {
  const json code = on_h100(plain(), {{"scale_rows", kScaleRows, ""}, {"gemm", "_Z15cublas_gemm_kernv", ""},
                                      {"unnamed", "", "cudaFuncGetName gives no name: invalid device function"}});
  EXPECT_EQ(code["kernels"]["scale_rows"].get<std::string>().size(), 64u);
  EXPECT_EQ(code["kernels"]["gemm"],
            "unavailable: no sm_90a cubin in the executable holds .text._Z15cublas_gemm_kernv (a kernel of a "
            "shared library, such as cuBLAS's, is not in the executable)");
  EXPECT_EQ(code["kernels"]["unnamed"], "unavailable: cudaFuncGetName gives no name: invalid device function");
  EXPECT_EQ(device_code_digest(code), "") << "a digest over a kernel without a hash";
}

TEST(DeviceCode, AnotherArchitectureHasNoCubin) {
  EXPECT_EQ(unavailable(device_code_of(plain(), 8, 0, kKernels)),
            "the executable holds no cubin for the GPU's compute capability 8.0 (cubins: sm_90a; PTX: sm_90a); "
            "code the driver compiles from PTX at load time is not in the binary");
}

TEST(DeviceCode, NoFatBinary) {
  std::string bytes = plain();
  const std::size_t name = bytes.find(std::string(".nv_fatbin\0", 11));
  ASSERT_NE(name, std::string::npos);
  bytes[name + 1] = 'x';  // ".xv_fatbin": the section is still there, under another name
  EXPECT_EQ(unavailable(on_h100(bytes)), "the executable has no .nv_fatbin section (no embedded device code)");
  EXPECT_EQ(unavailable(on_h100("#!/bin/sh\n")), "not an ELF file (no \\x7fELF header)");
  // This test program: CPU code only (fuselab_core), read as the run engine reads fuselab.
  std::string why;
  const std::string_view self = running_executable(&why);
  ASSERT_EQ(why, "");
  EXPECT_EQ(unavailable(device_code_of(self, 9, 0, kKernels)),
            "the executable has no .nv_fatbin section (no embedded device code)");
  EXPECT_EQ(unavailable(on_h100(plain(), {})), "the experiment declares no kernels (Experiment::kernel)");
}

TEST(DeviceCode, TruncatedFatBinary) {
  std::string bytes = plain();
  const std::size_t at = fatbin_start(bytes);
  const std::uint64_t huge = std::uint64_t(1) << 40;
  std::memcpy(&bytes[at + 8], &huge, sizeof huge);  // the container claims more bytes than the section holds
  EXPECT_NE(unavailable(on_h100(bytes)).find(".nv_fatbin truncated: the container at byte 0 claims 16 + "
                                             "1099511627776 bytes"),
            std::string::npos)
      << unavailable(on_h100(bytes));
}

TEST(DeviceCode, CompressedCubinIsUnavailable) {
  EXPECT_EQ(unavailable(on_h100(fixture(FUSELAB_DEVICE_CODE_FIXTURE_compressed))),
            "the executable's sm_90a cubin is compressed (fat binary flags 0x108011), which this reader does not "
            "decompress; nvcc compresses only PTX by default: build without -G, --compress-mode or "
            "-Xfatbin=-compress-all");
}

TEST(DeviceCode, CorruptFatBinaryBytesNeverCrash) {
  // Every 61st byte of the fat binary overwritten, one at a time: each read
  // gives a result or a reason, and never reads outside the file (ASan).
  const std::string original = plain();
  int reasons = 0;
  for (std::size_t at = fatbin_start(original); at < fatbin_end(original); at += 61) {
    std::string bytes = original;
    bytes[at] = static_cast<char>(~bytes[at]);
    const json code = on_h100(bytes);
    ASSERT_TRUE(code.contains("kernels") || code.contains("unavailable")) << code.dump();
    reasons += code.contains("unavailable");
  }
  EXPECT_GT(reasons, 0) << "no corruption was noticed";
}

TEST(DeviceCode, DigestCoversArchAndEveryKernel) {
  const json code = on_h100(plain());
  const std::string digest = device_code_digest(code);
  EXPECT_EQ(digest.size(), 12u);
  EXPECT_EQ(digest, device_code_digest(on_h100(fixture(FUSELAB_DEVICE_CODE_FIXTURE_host_changed))));
  EXPECT_NE(digest, device_code_digest(on_h100(fixture(FUSELAB_DEVICE_CODE_FIXTURE_kernel_changed))));
  json other_arch = code;
  other_arch["arch"] = "sm_90";
  EXPECT_NE(digest, device_code_digest(other_arch));
  EXPECT_EQ(device_code_digest(device_code_unavailable("no GPU")), "");
  EXPECT_EQ(device_code_digest(json()), "");
}

}  // namespace
}  // namespace fuselab
