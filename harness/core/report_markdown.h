// The markdown `fuselab report` writes, from the family models and the
// records alone (no clock, no paths of this machine), so the same records
// give the same bytes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/core/log_notes.h"
#include "harness/core/report_model.h"
#include "harness/core/report_records.h"
#include "harness/core/targets_file.h"

namespace fuselab {

// The front page's summary (starts and ends with a blank line): per family
// its verdicts, the fastest version on each case, its targets (`targets`:
// each family's, each against the closest version) and the newest notes
// that name it (note_concerns). `reports_link` and `notes_link` are the
// reports and notes folders relative to the front page.
std::string render_log_summary(const std::vector<FamilyModel>& families,
                               const std::vector<RecordFile>& records,
                               const std::string& reports_link,
                               const std::map<std::string, std::vector<Target>>& targets = {},
                               const std::vector<LogNote>& notes = {}, const std::string& notes_link = "");

// reports/<family>.md. `runs_link`: the records folder relative to reports/.
// `plots`: the plot files (relative to reports/) made for this family.
// `targets`: its targets.yaml's, each shown against the closest version.
// `notes`: the notes that name it (notes_about), linked as `notes_link`/<key>.md.
// `lineage_link`: its lineage picture (lineage_file), empty for none.
// It opens with the answer (render_answer), its targets and its notes; the
// full lineage, the versions' sections and the tables follow.
std::string render_family_report(const FamilyModel& family, const std::string& runs_link,
                                 const std::vector<std::string>& plots, const std::vector<Target>& targets = {},
                                 const std::vector<const LogNote*>& notes = {},
                                 const std::string& notes_link = "notes", const std::string& lineage_link = "");

// The answer in brief for the repository's README (between kReadmeAnswerBegin
// and kReadmeAnswerEnd): one row per case shape, one column per family, each
// cell the family's fastest passing version on its first case of that shape,
// its cold median, its speedup over the fastest PyTorch peer and its share of
// the copy ceiling; `reports_link`: the reports folder relative to the README.
inline constexpr const char* kReadmeAnswerBegin = "<!-- fuselab report: the answer, generated -->";
inline constexpr const char* kReadmeAnswerEnd = "<!-- /fuselab report -->";
std::string render_readme_answer(const std::vector<FamilyModel>& families, const std::string& reports_link);

// reports/README.md: the families and every run, newest first.
std::string render_reports_index(const std::vector<FamilyModel>& families,
                                 const std::vector<RecordFile>& records,
                                 const std::string& runs_link);

// Plot file names (relative to reports/) for a family: time, copy fraction,
// and vs PyTorch when it has peers.
std::vector<std::string> plot_files(const FamilyModel& family);

}  // namespace fuselab
