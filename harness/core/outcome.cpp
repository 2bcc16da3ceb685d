#include "harness/core/outcome.h"

namespace fuselab {

const char* status_name(CaseStatus s) {
  switch (s) {
    case CaseStatus::Passed: return "passed";
    case CaseStatus::Failed: return "failed";
    case CaseStatus::Unsupported: return "unsupported";
    case CaseStatus::Error: return "error";
    case CaseStatus::NotRun: return "not run";
  }
  return "?";
}

const CaseOutcome* ExperimentOutcome::find(const std::string& case_name) const {
  for (const auto& c : cases)
    if (c.spec.name == case_name) return &c;
  return nullptr;
}

}  // namespace fuselab
