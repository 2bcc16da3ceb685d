#include "harness/core/stop_request.h"

#include <csignal>

namespace fuselab {
namespace {

volatile std::sig_atomic_t requested = 0;

extern "C" void on_stop_signal(int signal) {
  if (requested != 0) {  // the second time: as if there were no handler
    std::signal(signal, SIG_DFL);
    std::raise(signal);
    return;
  }
  requested = signal;
}

}  // namespace

void install_stop_request_handlers() {
  for (int s : {SIGTERM, SIGINT}) std::signal(s, on_stop_signal);
}

void request_stop(int signal) { requested = signal; }

std::string stop_request() {
  switch (requested) {
    case 0: return "";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    default: return "signal " + std::to_string(int(requested));
  }
}

}  // namespace fuselab
