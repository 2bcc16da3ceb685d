#include "harness/core/output_position.h"

#include "harness/core/op_registry.h"

namespace fuselab {

std::vector<int64_t> output_index(const CaseSpec& spec, int64_t row, int64_t d) {
  const std::vector<int64_t> extents = op_named(spec.op).output().shape(spec);
  std::vector<int64_t> index(extents.size());
  index.back() = d;
  for (std::size_t i = extents.size() - 1; i-- > 0;) {
    index[i] = row % extents[i];
    row /= extents[i];
  }
  return index;
}

std::string output_row_text(const CaseSpec& spec, int64_t row) {
  const std::vector<int64_t> index = output_index(spec, row, 0);
  const std::vector<std::string>& dims = op_named(spec.op).output().dims;
  std::string text = "row " + std::to_string(row) + " (";
  for (std::size_t i = 0; i + 1 < index.size(); ++i)
    text += (i ? ", " : "") + dims[i] + " " + std::to_string(index[i]);
  return text + ")";
}

}  // namespace fuselab
