#include "harness/core/elf_sections.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace fuselab {
namespace {

template <typename T>
T read_at(std::string_view bytes, std::uint64_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T))
    throw std::runtime_error("ELF file truncated: a field at byte " + std::to_string(offset) +
                             " lies past its end (" + std::to_string(bytes.size()) + " bytes)");
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

// Bytes [offset, offset + size) of `bytes`, or a throw naming `what`.
std::string_view slice(std::string_view bytes, std::uint64_t offset, std::uint64_t size, const std::string& what) {
  if (offset > bytes.size() || bytes.size() - offset < size)
    throw std::runtime_error("ELF file truncated: " + what + " (bytes " + std::to_string(offset) + "+" +
                             std::to_string(size) + ") lies past its end (" + std::to_string(bytes.size()) +
                             " bytes)");
  return bytes.substr(offset, size);
}

constexpr std::uint32_t kSectionNoBits = 8;  // SHT_NOBITS: no bytes in the file (.bss)

struct SectionHeader {
  std::uint32_t name, type;
  std::uint64_t offset, size;
};

SectionHeader section_header(std::string_view elf, std::uint64_t table, std::uint16_t entry_size, unsigned index) {
  const std::uint64_t at = table + std::uint64_t(index) * entry_size;
  return {read_at<std::uint32_t>(elf, at), read_at<std::uint32_t>(elf, at + 4),
          read_at<std::uint64_t>(elf, at + 24), read_at<std::uint64_t>(elf, at + 32)};
}

}  // namespace

std::optional<std::string_view> elf_section(std::string_view elf, std::string_view name) {
  if (elf.size() < 64 || elf.substr(0, 4) != "\x7f" "ELF")
    throw std::runtime_error("not an ELF file (no \\x7fELF header)");
  if (elf[4] != 2 || elf[5] != 1)
    throw std::runtime_error("not a 64-bit little-endian ELF file (class " + std::to_string(int(elf[4])) +
                             ", data " + std::to_string(int(elf[5])) + ")");
  const auto table = read_at<std::uint64_t>(elf, 0x28);
  const auto entry_size = read_at<std::uint16_t>(elf, 0x3A);
  const auto count = read_at<std::uint16_t>(elf, 0x3C);
  const auto names_index = read_at<std::uint16_t>(elf, 0x3E);
  if (count == 0) return std::nullopt;
  if (entry_size < 40 || names_index >= count)
    throw std::runtime_error("ELF section table malformed (entry size " + std::to_string(entry_size) +
                             ", name table index " + std::to_string(names_index) + " of " +
                             std::to_string(count) + ")");
  const SectionHeader names_header = section_header(elf, table, entry_size, names_index);
  const std::string_view names = slice(elf, names_header.offset, names_header.size, "the section name table");
  for (unsigned i = 0; i < count; ++i) {
    const SectionHeader h = section_header(elf, table, entry_size, i);
    if (h.name >= names.size()) throw std::runtime_error("ELF section " + std::to_string(i) + "'s name lies past the name table");
    const std::string_view rest = names.substr(h.name);
    if (rest.substr(0, rest.find('\0')) != name) continue;
    if (h.type == kSectionNoBits) return std::nullopt;
    return slice(elf, h.offset, h.size, "section " + std::string(name));
  }
  return std::nullopt;
}

}  // namespace fuselab
