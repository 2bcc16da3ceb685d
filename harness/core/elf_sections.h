// The sections of a 64-bit little-endian ELF file held in memory: the host
// executable (its .nv_fatbin section) and the cubins inside that fat binary
// (their .text.<kernel> sections) are both read with it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fuselab {

// The bytes of the section named `name` in `elf`; nullopt when the file has
// no such section (or it occupies no bytes in the file). Throws
// std::runtime_error saying what is wrong when `elf` is not a 64-bit
// little-endian ELF file or its section table or names lie outside it.
std::optional<std::string_view> elf_section(std::string_view elf, std::string_view name);

}  // namespace fuselab
