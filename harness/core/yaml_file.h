// A YAML file parsed by yaml-cpp, its syntax errors as one message: the file,
// line and column, yaml-cpp's words, the fix and the format's document.
#pragma once

#include <yaml-cpp/yaml.h>

#include <stdexcept>
#include <string>

namespace fuselab {

inline YAML::Node load_yaml_file(const std::string& path, const std::string& format_doc) {
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error(path + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                             ": malformed YAML: " + e.msg + ". Fix: correct the YAML syntax at that line (format: " +
                             format_doc + ")");
  }
}

}  // namespace fuselab
