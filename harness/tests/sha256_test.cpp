#include "harness/core/sha256.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

TEST(Sha256, KnownAnswers) {
  EXPECT_EQ(sha256_hex("", 0), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc", 3), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, IncrementalEqualsOneShot) {
  Sha256 hash;
  hash.update("a", 1);
  hash.update("bc", 2);
  EXPECT_EQ(hash.hex_digest(), sha256_hex("abc", 3));
}

TEST(Sha256, FileLargerThanOneChunkEqualsBuffer) {
  std::vector<char> data(3 * (1 << 20) + 17);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 31 + 7);
  const auto path = (test::scratch_dir() / "blob.bin").string();
  std::ofstream(path, std::ios::binary).write(data.data(), static_cast<std::streamsize>(data.size()));
  EXPECT_EQ(sha256_file(path), sha256_hex(data.data(), data.size()));
}

TEST(Sha256, MissingFileThrowsNamingIt) {
  const auto path = (test::scratch_dir() / "absent.bin").string();
  try {
    sha256_file(path);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fuselab
