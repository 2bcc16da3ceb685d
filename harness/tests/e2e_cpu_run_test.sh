#!/usr/bin/env bash
# The whole pipeline without a GPU, for every family: `fuselab run` of the
# family's CPU version on its committed fixtures writes a run record (compact,
# docs/records.md) and a log entry with a computed verdict; Google Benchmark's
# JSON is made from the record on demand.
#   usage: e2e_cpu_run_test.sh FUSELAB SCRATCH
set -euo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
for family in attention sinusoidal rope rope_standalone qk_norm_rope decode; do
  runs=$scratch/$family/runs log=$scratch/$family/LOG.md
  "$fuselab" --records-dir "$runs" --log "$log" run "$family/v900_cpu_reference" --case 'fx_*' --quick
  record=$(ls "$runs"/*[0-9].json.gz)
  [[ -z $(ls "$runs" | grep -v '\.json\.gz$') ]] || { echo "FAIL $family: more than the record: $(ls "$runs")"; exit 1; }
  text=$(zcat "$record")
  grep -qE '"schema": ?2' <<<"$text"
  grep -qE '"status": ?"passed"' <<<"$text"
  if grep -qE '"status": ?"(failed|error)"' <<<"$text"; then echo "FAIL $family: a case failed"; exit 1; fi
  grep -q '"samples"' <<<"$text"
  "$fuselab" --records-dir "$runs" compare "$family/v900_cpu_reference" --format gbench --out "$scratch/$family/gbench" >/dev/null
  grep -q "fx_[a-z0-9_]*/cold" "$scratch/$family/gbench/"*.json
  grep -q "^### $family/v900_cpu_reference — CONFIRMED$" "$scratch/$family"/reports/log/[0-9]*.md  # beside the log
  echo "end-to-end CPU run of $family: $(basename "$record") written, verdict CONFIRMED"
done

# --prediction-cases: only the case the CPU version's prediction names (its
# absolute-time bound, fx_b1_h2_s5_d16), and the verdict on it.
runs=$scratch/predicted/runs
"$fuselab" --records-dir "$runs" --log "$scratch/predicted/LOG.md" run attention/v900_cpu_reference --case 'fx_*' \
  --quick --prediction-cases
text=$(zcat "$runs"/*[0-9].json.gz)
[[ $(jq -r '[.experiments[].cases[].name] | join(" ")' <<<"$text") == fx_b1_h2_s5_d16 ]] ||
  { echo "FAIL --prediction-cases ran: $(jq -c '[.experiments[].cases[].name]' <<<"$text")"; exit 1; }
[[ $(jq -r '.settings.prediction_cases, .settings.paired, .settings.allocations, .experiments[0].verdict.value' \
  <<<"$text" | tr '\n' ' ') == "true true 4 CONFIRMED " ]] ||
  { echo "FAIL --prediction-cases settings: $(jq -c '.settings' <<<"$text")"; exit 1; }
echo "--prediction-cases: the predicted case alone, paired over 4 allocations by default, CONFIRMED"
