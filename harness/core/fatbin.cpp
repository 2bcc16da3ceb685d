#include "harness/core/fatbin.h"

#include <cstring>
#include <sstream>
#include <stdexcept>

namespace fuselab {
namespace {

constexpr std::uint32_t kContainerMagic = 0xBA55ED50;
constexpr std::uint64_t kArchSpecific = 0x100000;  // sm_90a
constexpr std::uint64_t kFamily = 0x200000;        // sm_100f
constexpr std::uint64_t kCompressedLz4 = 0x2000;
constexpr std::uint64_t kCompressedZstd = 0x8000;
constexpr std::size_t kEntryHeaderMin = 48;  // through the flags

template <typename T>
T read_at(std::string_view bytes, std::size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

std::string hex(std::uint64_t v) {
  std::ostringstream o;
  o << "0x" << std::hex << v;
  return o.str();
}

bool all_zero(std::string_view bytes) { return bytes.find_first_not_of('\0') == std::string_view::npos; }

// The images of the container whose entries are `entries` (starting at byte
// `base` of the section, for messages).
void read_entries(std::string_view entries, std::size_t base, std::vector<FatbinImage>& out) {
  std::size_t at = 0;
  while (at < entries.size()) {
    const std::string where = "fat binary entry at byte " + std::to_string(base + at) + " of .nv_fatbin";
    if (entries.size() - at < kEntryHeaderMin)
      throw std::runtime_error(where + " is truncated: its header needs " + std::to_string(kEntryHeaderMin) +
                               " bytes, " + std::to_string(entries.size() - at) + " remain");
    const auto kind = read_at<std::uint16_t>(entries, at);
    const auto header_size = read_at<std::uint32_t>(entries, at + 4);
    const auto payload_size = read_at<std::uint64_t>(entries, at + 8);
    if (header_size < kEntryHeaderMin || header_size > entries.size() - at ||
        payload_size > entries.size() - at - header_size)
      throw std::runtime_error(where + " is truncated or malformed: header " + std::to_string(header_size) +
                               " + payload " + std::to_string(payload_size) + " bytes, " +
                               std::to_string(entries.size() - at) + " remain in its container");
    FatbinImage image;
    image.kind = kind == 1 ? FatbinImage::Kind::Ptx : kind == 2 ? FatbinImage::Kind::Cubin : FatbinImage::Kind::Other;
    image.arch = static_cast<int>(read_at<std::uint32_t>(entries, at + 28));
    image.flags = read_at<std::uint64_t>(entries, at + 40);
    image.payload = entries.substr(at + header_size, payload_size);
    out.push_back(image);
    at += header_size + payload_size;
  }
}

}  // namespace

bool FatbinImage::compressed() const { return (flags & (kCompressedLz4 | kCompressedZstd)) != 0; }

std::string FatbinImage::arch_name() const {
  return "sm_" + std::to_string(arch) + ((flags & kArchSpecific) ? "a" : (flags & kFamily) ? "f" : "");
}

std::vector<FatbinImage> fatbin_images(std::string_view section) {
  std::vector<FatbinImage> out;
  std::size_t at = 0;
  while (at < section.size()) {
    const std::string_view rest = section.substr(at);
    if (rest.size() < 16) {
      if (all_zero(rest)) break;  // padding after the last container
      throw std::runtime_error(".nv_fatbin truncated: " + std::to_string(rest.size()) +
                               " bytes at byte " + std::to_string(at) + " are too few for a container header");
    }
    const auto magic = read_at<std::uint32_t>(rest, 0);
    if (magic != kContainerMagic) {
      if (read_at<std::uint64_t>(rest, 0) == 0) {  // padding between containers
        at += 8;
        continue;
      }
      throw std::runtime_error(".nv_fatbin holds no fat binary container at byte " + std::to_string(at) +
                               " (magic " + hex(magic) + ", want " + hex(kContainerMagic) + ")");
    }
    const auto header_size = read_at<std::uint16_t>(rest, 6);
    const auto entries_size = read_at<std::uint64_t>(rest, 8);
    if (header_size < 16 || header_size > rest.size() || entries_size > rest.size() - header_size)
      throw std::runtime_error(".nv_fatbin truncated: the container at byte " + std::to_string(at) + " claims " +
                               std::to_string(header_size) + " + " + std::to_string(entries_size) + " bytes, " +
                               std::to_string(rest.size()) + " remain");
    read_entries(rest.substr(header_size, entries_size), at + header_size, out);
    at += header_size + entries_size;
  }
  return out;
}

}  // namespace fuselab
