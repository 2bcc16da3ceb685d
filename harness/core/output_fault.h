// Fault injection for the check tests (harness/tests/check_every_element_test.sh
// and the GPU reference tests): a wrong element where only a check of every
// element can see it. With FUSELAB_OUTPUT_FAULT=unheld in the environment,
// every output the run engine fetches gets 1.0 added to the last element of
// the last output row the reference file does not hold: for a sampled file
// a row of the last tile, beside the last (held) row — a kernel wrong there
// passes a check of the held rows; for a full file, the last element.
// Without that variable (always, outside those tests) nothing changes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/core/reference_case.h"

namespace fuselab {

// The flat index into [out_rows, D] that the fault changes.
int64_t unheld_fault_index(const ReferenceCase& ref);

// Adds 1.0 at unheld_fault_index(ref) and says where, e.g. "fault injected
// (FUSELAB_OUTPUT_FAULT=unheld): +1 at (0, 1, 62, 31)"; "" without the
// variable. Another value of the variable is refused (std::runtime_error).
std::string inject_output_fault(std::vector<float>& out, const ReferenceCase& ref);

}  // namespace fuselab
