// Where an element of a case's output sits in the output's own dimensions
// (the op's output tensor: (b, h, s, d) for attention, (n, s, d) for rope),
// for the check's messages and records.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/core/cases_file.h"

namespace fuselab {

// Row `row` (flattened over every dimension but the last) and column d, as
// one index per output dimension: {b, h, s, d}.
std::vector<int64_t> output_index(const CaseSpec& spec, int64_t row, int64_t d);

// "row 130815 (b 7, h 15, s 767)".
std::string output_row_text(const CaseSpec& spec, int64_t row);

}  // namespace fuselab
