// A run asked to stop — SIGTERM (a deadline's `timeout`, a scheduler) or
// SIGINT (Ctrl-C) — finishes the case in hand, runs no other, and writes
// the record of what it measured: the cases it did not reach say "not run"
// and why, and the record's settings say it was stopped. A second signal
// ends the process at once, as it would without this.
#pragma once

#include <string>

namespace fuselab {

void install_stop_request_handlers();
// "" while no stop was asked for; else what asked ("SIGTERM", "SIGINT").
std::string stop_request();
// Asks as a signal would (tests, and FUSELAB_TEST_STOP_AFTER_CASES).
void request_stop(int signal);

}  // namespace fuselab
