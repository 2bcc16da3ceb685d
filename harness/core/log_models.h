// The end-to-end table of a model bench record (harness/models/model_bench.py):
// its "models" key, one entry per model with a phase per prefill and decode,
// fuselab's and sdpa's samples (ms), whether the tokens matched, the largest
// logit difference and the profiler's split of the GPU time. Rendered in the
// log by render_run_entries; checked by validate_run_record (docs/torch.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace fuselab {

// Throws std::runtime_error naming the field (models[0].phases[1].fuselab_ms)
// when the "models" key is malformed.
void validate_models(const nlohmann::json& models);

// The tables (end to end, then where the GPU time goes) and the command that
// reproduces them; "" when the record has no "models" key.
std::string render_models(const nlohmann::json& record);

}  // namespace fuselab
