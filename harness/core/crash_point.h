// Fault injection for the kill test (harness/tests/kill_test.sh): each step
// that writes evidence (a temp file written, renamed; a log entry appended)
// calls crash_point(). With FUSELAB_CRASH_AT=N in the environment, the Nth
// call kills the process with SIGKILL, as `kill -9` would at that moment;
// FUSELAB_CRASH_COUNT=FILE makes every call append one line to FILE, so a
// test can count the points. Without those variables (always, outside that
// test) it does nothing.
#pragma once

namespace fuselab {

void crash_point(const char* where);

}  // namespace fuselab
