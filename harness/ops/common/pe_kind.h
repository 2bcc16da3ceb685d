// The positional-encoding kinds by the names cases.yaml, the reference files
// and the records give them. The kinds themselves are the kernels' PeKind
// (kernels/common/problem.h); the core carries them as an opaque axis of a
// case and of a version's limits, and reads and writes them through here.
#pragma once

#include <string>

#include "kernels/common/problem.h"

namespace fuselab {

using kernels::PeKind;

const char* pe_name(PeKind pe);  // "none", "sinusoidal", "rope_interleaved", "rope_neox"
// Throws std::runtime_error naming the known kinds.
PeKind pe_from_name(const std::string& name);
// "none, sinusoidal, rope_interleaved or rope_neox": for messages.
std::string pe_names_text();
// True for every kind that embeds positions (all but none).
bool pe_applies_positions(PeKind pe);

}  // namespace fuselab
