#!/usr/bin/env bash
# The whole pipeline without a GPU: `fuselab run` of the CPU version on the
# committed fixtures writes a run record, Google Benchmark's JSON and a log
# entry with a computed verdict.   usage: e2e_cpu_run_test.sh FUSELAB SCRATCH
set -euo pipefail
fuselab=$1 scratch=$2
rm -rf "$scratch" && mkdir -p "$scratch"
"$fuselab" --records-dir "$scratch/runs" --log "$scratch/LOG.md" \
  run attention/v900_cpu_reference --case 'fx_*' --quick
record=$(ls "$scratch"/runs/*[0-9].json)
gbench=$(ls "$scratch"/runs/*.gbench.json)
grep -qE '"schema": ?1' "$record"
grep -qE '"status": ?"passed"' "$record"
grep -q '"samples"' "$record"
grep -q 'attention/v900_cpu_reference/fx_b1_h2_s5_d16/cold' "$gbench"
grep -q '^## .* — attention/v900_cpu_reference — CONFIRMED$' "$scratch/LOG.md"
echo "end-to-end CPU run: $(basename "$record") written, verdict CONFIRMED"
