#include "harness/core/hdf5_reader.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <sstream>

namespace fuselab {
namespace {

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

std::string type_text(const H5::DataType& type) {
  switch (type.getClass()) {
    case H5T_FLOAT: return "float" + std::to_string(8 * type.getSize());
    case H5T_INTEGER: return "int" + std::to_string(8 * type.getSize());
    case H5T_STRING: return "string";
    default: return "HDF5 type class " + std::to_string(static_cast<int>(type.getClass()));
  }
}

// Integers must be signed; HDF5 converts byte order on read.
bool type_matches(const H5::DataType& type, H5T_class_t type_class, std::size_t size) {
  if (type.getClass() != type_class) return false;
  if (type_class == H5T_STRING) return true;
  if (type.getSize() != size) return false;
  return type_class != H5T_INTEGER || H5Tget_sign(type.getId()) == H5T_SGN_2;
}

template <typename T>
std::vector<T> read_all(const H5::DataSet& ds, const H5::PredType& memory_type,
                        const std::vector<int64_t>& shape) {
  std::size_t count = 1;
  for (int64_t d : shape) count *= static_cast<std::size_t>(d);
  std::vector<T> out(count);
  if (count) ds.read(out.data(), memory_type);
  return out;
}

H5::H5File open_read_only(const std::string& path) {
  H5::Exception::dontPrint();
  try {
    return H5::H5File(path, H5F_ACC_RDONLY);
  } catch (const H5::Exception&) {
    throw H5Problem("not a readable HDF5 file");
  }
}

}  // namespace

H5Reader::H5Reader(const std::string& path) : file_(open_read_only(path)) {}

H5::Attribute H5Reader::attribute(const std::string& name, H5T_class_t type_class,
                                  std::size_t size, const char* type_name) const {
  if (!file_.attrExists(name)) throw H5Problem("attribute '" + name + "' is missing");
  H5::Attribute attr = file_.openAttribute(name);
  const H5::DataType type = attr.getDataType();
  if (!type_matches(type, type_class, size))
    throw H5Problem("attribute '" + name + "' is " + type_text(type) + ", expected " + type_name);
  if (attr.getSpace().getSimpleExtentNpoints() != 1)
    throw H5Problem("attribute '" + name + "' is not a scalar");
  return attr;
}

std::string H5Reader::string_attr(const std::string& name) const {
  const H5::Attribute attr = attribute(name, H5T_STRING, 0, "string");
  std::string value;
  attr.read(attr.getStrType(), value);
  return value;
}

int64_t H5Reader::int64_attr(const std::string& name) const {
  int64_t value = 0;
  attribute(name, H5T_INTEGER, 8, "int64").read(H5::PredType::NATIVE_INT64, &value);
  return value;
}

double H5Reader::float64_attr(const std::string& name) const {
  double value = 0;
  attribute(name, H5T_FLOAT, 8, "float64").read(H5::PredType::NATIVE_DOUBLE, &value);
  return value;
}

H5::DataSet H5Reader::dataset(const std::string& name, H5T_class_t type_class, std::size_t size,
                              const char* type_name, const std::vector<int64_t>& shape) const {
  if (!file_.nameExists(name) || file_.childObjType(name) != H5O_TYPE_DATASET)
    throw H5Problem("dataset '" + name + "' is missing");
  H5::DataSet ds = file_.openDataSet(name);
  const H5::DataType type = ds.getDataType();
  if (!type_matches(type, type_class, size))
    throw H5Problem("dataset '" + name + "' is " + type_text(type) + ", expected " + type_name);
  const H5::DataSpace space = ds.getSpace();
  std::vector<hsize_t> dims(static_cast<std::size_t>(space.getSimpleExtentNdims()));
  if (!dims.empty()) space.getSimpleExtentDims(dims.data());
  const std::vector<int64_t> actual(dims.begin(), dims.end());
  if (actual != shape)
    throw H5Problem("dataset '" + name + "' has shape " + shape_text(actual) + ", expected " +
                    shape_text(shape));
  return ds;
}

std::vector<float> H5Reader::float32_dataset(const std::string& name,
                                             const std::vector<int64_t>& shape) const {
  return read_all<float>(dataset(name, H5T_FLOAT, 4, "float32", shape), H5::PredType::NATIVE_FLOAT,
                         shape);
}

std::vector<double> H5Reader::float64_dataset(const std::string& name,
                                              const std::vector<int64_t>& shape) const {
  return read_all<double>(dataset(name, H5T_FLOAT, 8, "float64", shape),
                          H5::PredType::NATIVE_DOUBLE, shape);
}

std::string survives_in_child(const std::function<void()>& parse, double seconds) {
  int fds[2];
  if (pipe(fds) != 0) throw H5Problem(std::string("no pipe to a child process to read it in: ") + std::strerror(errno));
  const pid_t child = fork();
  if (child < 0) {
    const int error = errno;
    close(fds[0]);
    close(fds[1]);
    throw H5Problem(std::string("no child process to read it in: ") + std::strerror(error));
  }
  if (child == 0) {  // _exit: none of this process's exit handlers or buffers run twice
    close(fds[0]);
    try {
      parse();
    } catch (...) {
    }
    const char done = 'd';
    _exit(write(fds[1], &done, 1) == 1 ? 0 : 1);
  }
  close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  bool answered = false, timed_out = false;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::max<int64_t>(0, left.count())));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) timed_out = true;
    char byte = 0;
    if (ready > 0) answered = ::read(fds[0], &byte, 1) == 1;  // 0 bytes: it died first
    break;
  }
  close(fds[0]);
  if (timed_out) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    std::ostringstream limit;
    limit << seconds;
    return "did not finish in " + limit.str() + " s";
  }
  if (WIFSIGNALED(status)) return std::string("crashed (") + strsignal(WTERMSIG(status)) + ")";
  if (!answered || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return "failed (exit status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  return "";
}

std::vector<int64_t> H5Reader::int64_dataset(const std::string& name,
                                             const std::vector<int64_t>& shape) const {
  return read_all<int64_t>(dataset(name, H5T_INTEGER, 8, "int64", shape),
                           H5::PredType::NATIVE_INT64, shape);
}

}  // namespace fuselab
