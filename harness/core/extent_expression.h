// A tensor extent written as text over an op's shape keys ("T", "Hq+Hkv",
// "D/2", "R-8"), so that one declaration serves the C++ harness and the
// Python generator alike (reference_data/op_declarations.json). Grammar:
// terms joined by + or -, each a shape key, a non-negative integer, or a
// key divided by a positive integer (key/2). No spaces, no parentheses.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fuselab {

// Why `expression` is not an extent over `keys`, or "" when it is.
std::string extent_expression_problem(const std::string& expression, const std::vector<std::string>& keys);

// Its value with the keys bound to `values` (every key it names must be there).
int64_t evaluate_extent(const std::string& expression, const std::map<std::string, int64_t>& values);

}  // namespace fuselab
