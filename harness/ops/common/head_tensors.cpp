#include "harness/ops/common/head_tensors.h"

#include "harness/core/cases_file.h"

namespace fuselab {

TensorDeclaration head_tensor(std::string name, TensorDeclaration::Role role, CounterStream stream,
                              std::string heads_key, std::string seq_key) {
  return {std::move(name), role, stream, {"B", std::move(heads_key), std::move(seq_key), "D"}, {"b", "h", "s", "d"}};
}

void check_query_groups(const CaseFields& f) {
  const int64_t Hq = f.dim("Hq"), Hkv = f.dim("Hkv");
  if (Hq % Hkv != 0)
    f.fail("Hkv", "Hq = " + std::to_string(Hq) + " is not a multiple of Hkv = " + std::to_string(Hkv),
           "choose Hkv dividing Hq");
}

}  // namespace fuselab
