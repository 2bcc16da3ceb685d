// The answer a family report opens with (issue 39, point 1): per timed case,
// grouped as the study groups its shapes, the fastest passing version, its
// cold median, its speedup over each PyTorch peer with the interval, its share
// of the copy and FP32 ceilings; then, per winner, its path from the baseline
// and the CONFIRMED steps on it, one line each (what changed, what it gained).
#pragma once

#include <string>
#include <vector>

#include "harness/core/report_model.h"

namespace fuselab {

// The group a case belongs to, from the shape its name spells (b<B>, h<Hq>
// (kv<Hkv>), n<N>, s<Sq>(k<Sk>), d<D>, '_'-separated; cases.yaml has no group
// field): the query rows B·Hq·N·Sq (each factor present) up to kShortRows
// are "short sequences" (the original study's tiny-sequence, huge-head-dim
// shapes), more are "LLM-like"; a name without an s<Sq> token is "other".
inline constexpr long long kShortRows = 4096;
std::string case_group(const std::string& case_name);

// The ids on the paths from the baseline to each case's fastest passing
// version (FamilyModel::ancestry of each winner), sorted; the lineage
// picture draws their edges bold.
std::vector<std::string> winner_path_ids(const FamilyModel& family);

// The "## Answer" section (starts with "## Answer", ends with a blank line).
// `lineage_link`: the lineage picture relative to the report, empty for none.
std::string render_answer(const FamilyModel& family, const std::string& lineage_link);

}  // namespace fuselab
