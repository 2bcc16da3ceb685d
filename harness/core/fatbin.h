// The images inside a host executable's CUDA fat binary (its .nv_fatbin
// section): the cubins (SASS, one ELF file per architecture and compilation
// unit) and the PTX that nvcc embedded. The container layout has no public
// specification; what is read here was checked against nvcc 13.0's output
// (harness/tests/device_code_test.cpp pins it on a fixture):
//   container: u32 magic 0xBA55ED50, u16 version, u16 header size, u64 size of
//              the entries that follow; containers follow each other, one
//              per compilation unit (zero padding may lie between them)
//   entry:     u16 kind (1 PTX, 2 cubin), u16 version, u32 header size,
//              u64 payload size, ..., u32 arch at 28 (90 for sm_90),
//              u64 flags at 40; the payload follows the header
//   flags:     0x100000 arch-specific ("a", sm_90a), 0x200000 family ("f"),
//              0x2000 / 0x8000 compressed (LZ4 / zstd)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fuselab {

struct FatbinImage {
  enum class Kind { Ptx, Cubin, Other };
  Kind kind = Kind::Other;
  int arch = 0;              // 90 for sm_90 and sm_90a
  std::uint64_t flags = 0;
  std::string_view payload;  // as stored: compressed where compressed()
  bool compressed() const;
  std::string arch_name() const;  // "sm_90a", "sm_100f", "sm_80"
};

// Every image of every fat binary container in `section` (the bytes of an
// executable's .nv_fatbin section). Throws std::runtime_error saying where
// and what when the section is truncated or holds something else.
std::vector<FatbinImage> fatbin_images(std::string_view section);

}  // namespace fuselab
