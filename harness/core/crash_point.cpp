#include "harness/core/crash_point.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace fuselab {

void crash_point(const char* where) {
  static const long crash_at = [] {
    const char* v = std::getenv("FUSELAB_CRASH_AT");
    return v ? std::atol(v) : 0L;
  }();
  static const char* count_file = std::getenv("FUSELAB_CRASH_COUNT");
  static long reached = 0;
  ++reached;
  if (count_file)
    if (FILE* f = std::fopen(count_file, "a")) {
      std::fprintf(f, "%ld %s\n", reached, where);
      std::fclose(f);
    }
  if (crash_at > 0 && reached == crash_at) std::raise(SIGKILL);
}

}  // namespace fuselab
