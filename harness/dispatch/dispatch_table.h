// The dispatch table (docs/dispatch.md): per op, family and benchmark case,
// the fastest passing version on the current source (the report's answer:
// FamilyModel::fastest_version over the latest results), and per family a
// general fallback; `fuselab export --dispatch FILE` writes it, the library
// fuselab_kernels (include/fuselab/kernels.h) reads it and matches each call
// to an entry by its shape class. Everything here runs without a GPU.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/core/built_code.h"
#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/core/record_index.h"
#include "harness/core/report_model.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {

// A refused call or lookup: what is wrong and the fix, one message.
struct DispatchError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct DispatchEntry {
  std::string op, family, case_name, shape;  // shape: the op's shape_text ("1x4x64x128")
  PeKind pe = PeKind::None;
  bool causal = false;
  std::map<std::string, int64_t> dims;  // the case's shape: {...}
  std::string version;                  // family/vNNN_slug
  double median_us = 0;                 // its latest cold median on the case
  std::string run_id;                   // the record that timed it
  // Where run_id's record was made on an earlier source of the same SASS:
  // the witness record on the source built now (harness/core/built_code.h).
  std::string same_sass_as;
};

struct DispatchFallback {
  std::string op, family, version;
  int accepted = 0, cases = 0;  // of the family's cases in cases.yaml, how many its Limits accept
};

struct DispatchTable {
  std::vector<DispatchEntry> entries;      // by op, family, case
  std::vector<DispatchFallback> fallbacks;  // by op, family
};

// What the export knows of the build: the Limits of a version it holds (null
// when it does not hold it, or holds it for another backend than CUDA), and
// the code it holds (include closures and their witnesses).
struct BuildView {
  std::function<const Limits*(const std::string& id)> limits_of;
  BuiltCode code;
};

// The table from the family models of `index` (build_family_models) and the
// families' cases. Only results on the code built now count (the version's
// current closure, or the same SASS: built_code.h); a case with no such
// passing, timed version has no entry.
DispatchTable build_dispatch_table(const RecordIndex& index, const std::vector<FamilyModel>& families,
                                   const std::vector<CasesFile>& cases, const BuildView& build);

// JSON text, keys sorted, one entry per line; the same table gives the same bytes.
std::string render_dispatch_table(const DispatchTable& table);
// Throws DispatchError naming `origin` on text that is not such a table.
DispatchTable parse_dispatch_table(const std::string& text, const std::string& origin);


// A call's CaseSpec, built through the op's declaration (its read_shape and
// read_parameters, as cases.yaml is read): `dims` are its shape keys,
// `values` its case keys (flags as 0 or 1). Throws DispatchError with the
// op's own message on parameters it refuses.
CaseSpec call_spec(const std::string& op, PeKind pe, const std::map<std::string, int64_t>& dims,
                   const std::map<std::string, double>& values, double base, std::optional<double> scale);

// The version a call runs (docs/dispatch.md): the table's entries of the
// call's op and shape class (pe, causal, GQA or not, D), nearest first by
// the sum of |log2| ratios of the other shape values, each used only if its
// Limits accept the call; then the op's fallbacks (the call's PE kind's
// family first). Throws DispatchError naming every candidate and why it
// refused when none accepts.
struct DispatchChoice {
  std::string version;
  std::string why;  // "entry attention/<case> (distance 1.0)" or "fallback of <family>"
};
DispatchChoice choose_version(const DispatchTable& table, const CaseSpec& call,
                              const std::function<const Limits*(const std::string& id)>& limits_of);

}  // namespace fuselab
