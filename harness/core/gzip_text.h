// gzip (RFC 1952) of a byte string, through zlib. Compression is
// deterministic: no file name, modification time 0, level 9, so the same
// record always gives the same bytes.
#pragma once

#include <string>

namespace fuselab {

std::string gzip_compress(const std::string& bytes);

// Throws, naming `what` (a path), when the bytes are not one whole gzip
// stream (truncated, corrupt, a failed CRC).
std::string gzip_decompress(const std::string& gz, const std::string& what);

bool looks_gzipped(const std::string& bytes);

}  // namespace fuselab
