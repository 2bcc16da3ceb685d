#!/usr/bin/env bash
# Which reference checks a sampled case (issue 43), through the command line,
# on the committed sampled fixture (attention fx_b1_h2_s64_d32_sampled: 9 of
# 128 rows held) and the CPU version, with FUSELAB_OUTPUT_FAULT=unheld adding
# 1 to an element of row 126 (h 1, s 62), which the file does not hold:
#   file_rows    without the GPU float64 reference (FUSELAB_NO_GPU_REFERENCE=1,
#                or no GPU): the case is checked on its 288 held elements,
#                says why, and the fault passes — the hole; a full fixture
#                still fails with it (its file holds every element).
#   gpu_float64  on a GPU: the GPU float64 reference is anchored to the file's
#                rows, checks all 4096 elements, and the fault fails at
#                (0, 1, 62, 31); the run record says so. Exit 77 (skipped)
#                without a GPU.
#   usage: check_every_element_test.sh file_rows|gpu_float64 FUSELAB SCRATCH
set -euo pipefail
mode=$1 fuselab=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL ($mode): $*"; exit 1; }
case_=fx_b1_h2_s64_d32_sampled id=attention/v900_cpu_reference
fl() { "$fuselab" --records-dir "$scratch/runs" --log "$scratch/LOG.md" "$@"; }
# The one record of a run into $scratch/runs, as "checked_by checked reference note".
record_fields() {
  python3 - "$(ls "$scratch"/runs/*[0-9].json.gz)" "$case_" <<'EOF'
import gzip, json, sys
record = json.loads(gzip.open(sys.argv[1]).read())
c = next(c for e in record["experiments"] for c in e["cases"] if c["name"] == sys.argv[2])
anchor = c["reference"].get("anchor") or {}
print(c["reference"]["checked_by"], c["check"]["checked"], c["check"]["reference"], anchor.get("rows", "-"),
      c["reference"].get("check_note", "-"))
EOF
}

if [[ $mode == file_rows ]]; then
  export FUSELAB_NO_GPU_REFERENCE=1
  out=$(fl check "$id" --case "$case_" 2>&1) || fail "check failed: $out"
  echo "$out"
  grep -q "checked on the file's 9 of 128 rows only: FUSELAB_NO_GPU_REFERENCE=1 is set" <<<"$out" || fail "no reason given"
  grep -q "PASS .* 288 elements vs file_rows" <<<"$out" || fail "not 288 elements against the file's rows"
  out=$(FUSELAB_OUTPUT_FAULT=unheld fl check "$id" --case "$case_" 2>&1) ||
    fail "the fault outside the file's rows was caught without a float64 reference of every element: $out"
  echo "$out"
  grep -q "fault injected (FUSELAB_OUTPUT_FAULT=unheld): +1 at (0, 1, 62, 31)" <<<"$out" || fail "no fault injected"
  # A full file holds every element: the same fault (its last element) fails there.
  if out=$(FUSELAB_OUTPUT_FAULT=unheld fl check "$id" --case fx_b1_h2_s5_d16 2>&1); then
    fail "a fault in a full-storage case passed: $out"
  fi
  grep -q "FAIL max_abs_err 1 .* 160 elements vs file" <<<"$out" || fail "full case: $out"
  fl run "$id" --case "$case_" --quick >/dev/null 2>&1 || fail "run failed"
  fields=$(record_fields)
  echo "record: $fields"
  [[ $fields == "file_rows 288 file_rows - the file's 9 of 128 rows only: FUSELAB_NO_GPU_REFERENCE=1 is set" ]] ||
    fail "record says: $fields"
  echo "file rows: the hole is there (a wrong element outside the file's rows passes), and the record says so"
  exit 0
fi

[[ $mode == gpu_float64 ]] || fail "unknown mode (file_rows or gpu_float64)"
if "$fuselab" env | grep -q '"gpu": null'; then
  echo "skipped: no CUDA GPU ($("$fuselab" env | grep gpu_unavailable))"
  exit 77
fi
unset FUSELAB_NO_GPU_REFERENCE
out=$(fl check "$id" --case "$case_" 2>&1) || fail "check failed: $out"
echo "$out"
grep -q "gpu_float64 reference agrees with the file on its 288 elements .*; it checks all 4096 elements" <<<"$out" ||
  fail "no anchor line"
grep -q "PASS .* 4096 elements vs gpu_float64" <<<"$out" || fail "not every element against the GPU float64 reference"
if out=$(FUSELAB_OUTPUT_FAULT=unheld fl check "$id" --case "$case_" 2>&1); then
  fail "the fault outside the file's rows passed: $out"
fi
echo "$out"
grep -q "FAIL max_abs_err 1 .*, 1 over tol, 0 non-finite, 4096 elements vs gpu_float64" <<<"$out" ||
  fail "the fault did not fail as one element over tolerance"
fl run "$id" --case "$case_" --quick >/dev/null 2>&1 || fail "run failed"
fields=$(record_fields)
echo "record: $fields"
[[ $fields == "gpu_float64 4096 gpu_float64 9 -" ]] || fail "record says: $fields"
echo "gpu float64: every element checked, the fault outside the file's rows caught, and the record says so"
