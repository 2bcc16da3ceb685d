#include "harness/ops/common/pe_kind.h"

#include <stdexcept>

namespace fuselab {
namespace {

constexpr PeKind kAll[] = {PeKind::None, PeKind::Sinusoidal, PeKind::RopeInterleaved, PeKind::RopeNeox};

}  // namespace

const char* pe_name(PeKind pe) {
  switch (pe) {
    case PeKind::None: return "none";
    case PeKind::Sinusoidal: return "sinusoidal";
    case PeKind::RopeInterleaved: return "rope_interleaved";
    case PeKind::RopeNeox: return "rope_neox";
  }
  return "unknown";
}

std::string pe_names_text() {
  std::string text;
  const std::size_t n = sizeof(kAll) / sizeof(kAll[0]);
  for (std::size_t i = 0; i < n; ++i) text += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + std::string(pe_name(kAll[i]));
  return text;
}

PeKind pe_from_name(const std::string& name) {
  for (PeKind pe : kAll)
    if (name == pe_name(pe)) return pe;
  throw std::runtime_error("unknown pe '" + name + "' (one of " + pe_names_text() + ")");
}

bool pe_applies_positions(PeKind pe) { return pe != PeKind::None; }

}  // namespace fuselab
