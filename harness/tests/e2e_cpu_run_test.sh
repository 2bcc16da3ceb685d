#!/usr/bin/env bash
# The whole pipeline without a GPU, for every family: `fuselab run` of the
# family's CPU version on its committed fixtures writes a run record, Google
# Benchmark's JSON and a log entry with a computed verdict.
#   usage: e2e_cpu_run_test.sh FUSELAB SCRATCH
set -euo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
for family in attention sinusoidal rope rope_standalone; do
  runs=$scratch/$family/runs log=$scratch/$family/LOG.md
  "$fuselab" --records-dir "$runs" --log "$log" run "$family/v900_cpu_reference" --case 'fx_*' --quick
  record=$(ls "$runs"/*[0-9].json)
  gbench=$(ls "$runs"/*.gbench.json)
  grep -qE '"schema": ?1' "$record"
  grep -qE '"status": ?"passed"' "$record"
  if grep -qE '"status": ?"(failed|error)"' "$record"; then echo "FAIL $family: a case failed"; exit 1; fi
  grep -q '"samples"' "$record"
  grep -q "$family/v900_cpu_reference/fx_[a-z0-9_]*/cold" "$gbench"
  grep -q "^### $family/v900_cpu_reference — CONFIRMED$" "$scratch/$family"/reports/log/[0-9]*.md  # beside the log
  echo "end-to-end CPU run of $family: $(basename "$record") written, verdict CONFIRMED"
done
