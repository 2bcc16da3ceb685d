// Typed, checked reads from one HDF5 file (the HDF5 C++ API). Every problem
// (missing attribute or dataset, wrong type, wrong shape) throws H5Problem
// saying what is wrong; the caller adds the file and the fix.
#pragma once

#include <H5Cpp.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fuselab {

struct H5Problem : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class H5Reader {
 public:
  explicit H5Reader(const std::string& path);

  // Root-group scalar attributes: string, int64, float64.
  std::string string_attr(const std::string& name) const;
  int64_t int64_attr(const std::string& name) const;
  double float64_attr(const std::string& name) const;

  // A dataset of exactly this dtype and shape.
  std::vector<float> float32_dataset(const std::string& name, const std::vector<int64_t>& shape) const;
  std::vector<double> float64_dataset(const std::string& name, const std::vector<int64_t>& shape) const;
  std::vector<int64_t> int64_dataset(const std::string& name, const std::vector<int64_t>& shape) const;

 private:
  H5::Attribute attribute(const std::string& name, H5T_class_t type_class, std::size_t size,
                          const char* type_name) const;
  H5::DataSet dataset(const std::string& name, H5T_class_t type_class, std::size_t size,
                      const char* type_name, const std::vector<int64_t>& shape) const;

  H5::H5File file_;
};

// Runs `parse` (reads of one file with H5Reader) in a child process and waits
// for it at most `seconds`: for a file whose bytes are not known to be good.
// libhdf5 1.10 crashes, loops or overruns memory on some corrupt files (the
// bad-input campaign, harness/tests/bad_input_campaign_test.cpp, finds all
// three), which must not take this process with it. Returns "" when the child
// finished, whatever `parse` returned or threw (the caller then parses here
// and gets the same), else what became of it: "crashed (Segmentation fault)",
// "did not finish in 60 s".
std::string survives_in_child(const std::function<void()>& parse, double seconds);

}  // namespace fuselab
