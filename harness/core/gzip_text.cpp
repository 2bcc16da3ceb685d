#include "harness/core/gzip_text.h"

#include <zlib.h>

#include <stdexcept>

namespace fuselab {
namespace {

constexpr int kGzipWindow = 15 + 16;  // zlib's window bits, +16: a gzip header and trailer

}  // namespace

std::string gzip_compress(const std::string& bytes) {
  z_stream z{};
  if (deflateInit2(&z, 9, Z_DEFLATED, kGzipWindow, 9, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot start compression");
  std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("zlib: compression did not finish");
  return out;
}

std::string gzip_decompress(const std::string& gz, const std::string& what) {
  z_stream z{};
  if (inflateInit2(&z, kGzipWindow) != Z_OK) throw std::runtime_error("zlib: cannot start decompression");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
  z.avail_in = static_cast<uInt>(gz.size());
  std::string out;
  char chunk[1 << 16];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - z.avail_out);
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;  // input ended before the stream did
  }
  const std::string why = z.msg ? z.msg : rc == Z_STREAM_END ? "" : "the stream is truncated";
  const bool whole = rc == Z_STREAM_END && z.avail_in == 0;
  inflateEnd(&z);
  if (!whole)
    throw std::runtime_error(what + " is not a whole gzip stream (" +
                             (why.empty() ? std::string("bytes after its end") : why) + ")");
  return out;
}

bool looks_gzipped(const std::string& bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

}  // namespace fuselab
