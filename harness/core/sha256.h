// SHA-256 (OpenSSL EVP) of byte buffers and files, as lowercase hex.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

typedef struct evp_md_ctx_st EVP_MD_CTX;

namespace fuselab {

// Incremental hashing: update() any number of times, then hex_digest() once.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(const void* data, std::size_t size);
  std::string hex_digest();

 private:
  EVP_MD_CTX* ctx_;
};

std::string sha256_hex(const void* data, std::size_t size);
// Streams the file in chunks; throws std::runtime_error when it cannot be read.
std::string sha256_file(const std::string& path);

}  // namespace fuselab
