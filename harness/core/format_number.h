// One number through a printf format ("%.2f", "%.3g"), as the tables and the
// log print them.
#pragma once

#include <cstdio>
#include <string>

namespace fuselab {

inline std::string format_number(const char* printf_format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, printf_format, v);
  return buf;
}

}  // namespace fuselab
