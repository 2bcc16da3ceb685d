#include "harness/core/manifest.h"

#include <gtest/gtest.h>

#include <fstream>

#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

const std::string kHashA(64, 'a');
const std::string kHashB(64, 'b');

std::string write_manifest(const std::string& text) {
  const auto path = (test::scratch_dir() / "MANIFEST").string();
  std::ofstream(path) << text;
  return path;
}

TEST(Manifest, ParsesLinesSkipsCommentsAndFindsByPath) {
  const auto path = write_manifest("# header\n\nattention/x.h5  123  " + kHashA + "  " + kHashB + "\n" +
                                   "fixtures/rope/y.h5 7 " + kHashB + " " + kHashA + "\n");
  const Manifest m = load_manifest(path);
  ASSERT_EQ(m.entries.size(), 2u);
  const ManifestEntry* x = m.find("attention/x.h5");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->size, 123u);
  EXPECT_EQ(x->file_sha256, kHashA);
  EXPECT_EQ(x->inputs_sha256, kHashB);
  EXPECT_EQ(m.find("fixtures/rope/y.h5")->size, 7u);
  EXPECT_EQ(m.find("rope/y.h5"), nullptr);
}

void expect_error(const std::string& text, const std::string& phrase) {
  const auto path = write_manifest(text);
  try {
    load_manifest(path);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path + ":2:"), std::string::npos) << message;
    EXPECT_NE(message.find(phrase), std::string::npos) << message;
    EXPECT_NE(message.find("Fix: "), std::string::npos) << message;
  }
}

TEST(Manifest, RefusesMalformedLines) {
  expect_error("# h\na.h5  12  " + kHashA + "\n", "malformed line");
  expect_error("# h\na.h5  twelve  " + kHashA + "  " + kHashB + "\n", "malformed line");
  expect_error("# h\na.h5  12  " + kHashA.substr(1) + "  " + kHashB + "\n", "malformed line");
  expect_error("# h\na.h5  12  " + kHashA + "  " + kHashB + "  extra\n", "malformed line");
}

TEST(Manifest, RefusesARepeatedPath) {
  expect_error("a.h5 1 " + kHashA + " " + kHashB + "\na.h5 2 " + kHashA + " " + kHashB + "\n", "listed twice");
}

TEST(Manifest, MissingFileNamesIt) {
  const auto path = (test::scratch_dir() / "MANIFEST").string();
  try {
    load_manifest(path);
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fuselab
